import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/server/db/db.server";
import { createUser, fetchApp } from "./helpers";
import { browserFor, pageText } from "./settings-support";

describe("/profile", () => {
  it("sends guests to sign in first", async () => {
    for (const path of ["/profile", "/profile/friends", "/profile/settings"]) {
      const response = await fetchApp(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
  });

  it("shows the user's own card and communities with their category labels", async () => {
    const user = await createUser({ name: "Pat Profile", createdAt: Date.UTC(2024, 2, 5) });
    const [club, team] = await getDb()
      .insert(schema.communities)
      .values([
        { slug: `club-${user.id}`, name: "Chess Club", category: "club" },
        { slug: `team-${user.id}`, name: "Rockets", category: "team" },
        { slug: `pending-${user.id}`, name: "Waiting Room", category: "parents" },
      ])
      .returning();
    await getDb()
      .insert(schema.communityMembers)
      .values([
        { communityId: club!.id, userId: user.id, role: "member", status: "active" },
        { communityId: team!.id, userId: user.id, role: "owner", status: "active" },
      ]);
    const browser = await browserFor(user);
    const page = await browser.get("/profile");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`@${user.username}`);
    expect(html).toContain("Member since March 5, 2024");
    expect(html).toContain('href="/profile/settings"');
    expect(html).toMatch(new RegExp(`<a href="/communities/${club!.id}"[^>]*>Chess Club</a>`));
    expect(html).toContain('class="category-label category-club"');
    expect(html).toContain('class="category-label category-team"');
    expect(html).not.toContain("Waiting Room");
  });

  it("says so when the user has no username or communities", async () => {
    const user = await createUser({ username: null });
    const text = await pageText(await (await browserFor(user)).get("/profile"));
    expect(text).toContain("No username");
    expect(text).toContain("You have not joined any communities yet.");
  });
});

describe("/profile/friends", () => {
  it("lists friends either way round and pending requests both ways, never deleted accounts", async () => {
    const user = await createUser({ name: "Centre" });
    const askedMe = await createUser({ name: "Accepted Asker" });
    const iAsked = await createUser({ name: "Accepted Answerer" });
    const incoming = await createUser({ name: "Incoming Person" });
    const outgoing = await createUser({ name: "Outgoing Person" });
    const gone = await createUser({ name: "Gone Friend", deletedAt: Date.now() });
    const now = Date.now();
    await getDb()
      .insert(schema.friendships)
      .values([
        { requesterId: askedMe.id, addresseeId: user.id, status: "accepted", acceptedAt: now },
        { requesterId: user.id, addresseeId: iAsked.id, status: "accepted", acceptedAt: now },
        { requesterId: incoming.id, addresseeId: user.id, status: "pending" },
        { requesterId: user.id, addresseeId: outgoing.id, status: "pending" },
        { requesterId: gone.id, addresseeId: user.id, status: "accepted", acceptedAt: now },
      ]);
    const text = await pageText(await (await browserFor(user)).get("/profile/friends"));
    const friends = text.slice(text.indexOf("Your friends"), text.indexOf("Friend requests you sent"));
    const forYou = text.slice(text.indexOf("Friend requests for you"), text.indexOf("Your friends"));
    const sent = text.slice(text.indexOf("Friend requests you sent"));
    expect(friends).toContain("Accepted Asker");
    expect(friends).toContain("Accepted Answerer");
    expect(friends).not.toContain("Incoming Person");
    expect(forYou).toContain("Incoming Person");
    expect(forYou).not.toContain("Outgoing Person");
    expect(sent).toContain("Outgoing Person");
    expect(text).not.toContain("Gone Friend");
  });

  it("says so when there is no one yet", async () => {
    const user = await createUser();
    const text = await pageText(await (await browserFor(user)).get("/profile/friends"));
    expect(text).toContain("You have no friends on SchoolHub yet.");
    expect(text).toContain("No one has asked you yet.");
    expect(text).toContain("You have no requests waiting.");
  });
});
