import { describe, expect, it } from "vitest";
import { isOfflineReadable, pageOfDataRequest } from "./protocol";

describe("the pages read offline (decision 131)", () => {
  it("are the newsfeed, the calendar, the chat list and a conversation", () => {
    for (const path of ["/newsfeed", "/calendar", "/chat", "/chat/12", "/chat/@pat_parent"]) {
      expect(isOfflineReadable(path), path).toBe(true);
    }
  });

  it("are not a chat's forms, settings or anything else", () => {
    for (const path of ["/chat/new", "/chat/12/group", "/profile/settings", "/calendar/new", "/", "/newsfeedx"]) {
      expect(isOfflineReadable(path), path).toBe(false);
    }
  });

  it("maps React Router's data requests to their page", () => {
    expect(pageOfDataRequest("/calendar.data")).toBe("/calendar");
    expect(pageOfDataRequest("/chat/12.data")).toBe("/chat/12");
    expect(pageOfDataRequest("/_root.data")).toBe("/");
    expect(pageOfDataRequest("/calendar")).toBeNull();
  });
});
