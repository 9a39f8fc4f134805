import { beforeAll, describe, expect, it } from "vitest";
import { sendMessage } from "~/server/chat/chat.server";
import { clientId, ownerWithPostAndGroup } from "./chat-support";
import { createUser, fetchApp, signIn } from "./helpers";

/** The tests run with COUNT_D1="true": every response says how many D1 round trips it made. */
function roundTrips(response: Response) {
  return Number(response.headers.get("X-D1-Round-Trips"));
}

// The first request loads the whole bundle; on a busy machine that alone can take seconds.
beforeAll(() => fetchApp("/about"), 30_000);

describe("D1 round trips per request (decision 040)", () => {
  it("a guest's About pages and landing page make none", async () => {
    for (const path of ["/", "/about", "/about/privacy", "/about/contact"]) {
      const response = await fetchApp(path);
      expect(response.status, path).toBe(200);
      expect(roundTrips(response), path).toBe(0);
    }
  });

  // Root loader, layouts and page share one round trip (decision 104).
  it("a signed-in page makes one, for the root loader's reads and every loader of the page", async () => {
    const { owner, friend, community, post, group } = await ownerWithPostAndGroup();
    // Unread, so that opening the conversation marks it read: a write in the page's loader.
    const sent = await sendMessage(
      friend,
      { conversationId: group.conversationId },
      { content: "Hi", clientMsgId: clientId() },
    );
    expect(sent.status).toBe("ok");
    const cookie = await signIn(owner.email, owner.password);
    const paths = [
      "/newsfeed",
      "/newsfeed.data",
      `/content/${post.id}`,
      `/communities/${community.id}`,
      `/chat/${group.conversationId}`,
      "/chat",
      "/calendar",
      "/communities",
      "/communities/search?q=community",
      "/content",
      "/schools/browse",
      "/profile",
      "/profile/friends",
      // A search that finds people (the friend among them), with how the viewer stands with each.
      `/profile/friends?q=${encodeURIComponent(friend.username ?? friend.name)}`,
      "/profile/settings",
      `/calendar/new?community=${community.id}`,
      `/content/${post.id}/edit`,
    ];
    for (const path of paths) {
      const response = await fetchApp(path, { headers: { Cookie: cookie } });
      expect(response.status, path).toBe(200);
      expect(roundTrips(response), path).toBe(1);
      await response.arrayBuffer();
    }
    // The catch-all looks a slug up as a community and as a school at once (SPEC §2).
    for (const [path, status] of [
      [`/${community.slug}`, 302],
      ["/no-such-slug-at-all", 404],
    ] as const) {
      const response = await fetchApp(path, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(response.status, path).toBe(status);
      expect(roundTrips(response), path).toBe(1);
      await response.arrayBuffer();
    }
  });

  it("two requests at the same time never share a batch: each makes its own one", async () => {
    const users = [await createUser({ name: "Rosa Reader" }), await createUser({ name: "Omar Other" })];
    const cookies = await Promise.all(users.map((user) => signIn(user.email, user.password)));
    const responses = await Promise.all(
      cookies.flatMap((cookie) =>
        ["/newsfeed", "/calendar"].map((path) => fetchApp(path, { headers: { Cookie: cookie } })),
      ),
    );
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(roundTrips(response)).toBe(1);
    }
    // Each page is its own user's: the root loader's and the page's reads did not cross.
    const pages = await Promise.all(responses.map((response) => response.text()));
    expect(pages[0]).toContain(users[0]!.name);
    expect(pages[0]).not.toContain(users[1]!.name);
    expect(pages[2]).toContain(users[1]!.name);
    expect(pages[2]).not.toContain(users[0]!.name);
  });

  it("an address that is no community's or school's slug costs its loader one, for a guest", async () => {
    const response = await fetchApp("/no-such-slug-anywhere");
    expect(response.status).toBe(404);
    expect(roundTrips(response)).toBe(1);
  });
});
