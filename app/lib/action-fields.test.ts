import { describe, expect, it } from "vitest";
import { actionWithFields, queryValue } from "./action-fields";

/** The encoding before decision 213, for every value: what the fast path must agree with. */
const encoded = (value: string) => encodeURIComponent(value).replace(/%2F|%3A/g, decodeURIComponent);

describe("fields in an action URL (decisions 106, 213)", () => {
  it("writes a plain value as it is and encodes any other exactly as before", () => {
    const values = [
      "",
      "like",
      "post:1001",
      "/newsfeed",
      "/communities/5?pages=2",
      "/content/7?report=post#x",
      "a b&c=d",
      "école",
      "100%",
      "الصف",
      "(it's) ~fine!*",
      "line\nbreak",
    ];
    for (const value of values) expect(queryValue(value), value).toBe(encoded(value));
  });

  it("keeps the fields' order, the intent last where it is given last", () => {
    expect(
      actionWithFields("/content/5", { target: "comment:9", returnTo: "/communities/2?pages=2", intent: "like" }),
    ).toBe("/content/5?target=comment:9&returnTo=/communities/2%3Fpages%3D2&intent=like");
    expect(actionWithFields("/x", {})).toBe("/x?");
  });
});
