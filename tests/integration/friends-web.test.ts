import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/server/db/db.server";
import { listNotifications } from "~/server/notifications/notifications.server";
import { friendshipRows, makeFriends, makeRequest, twoPeople } from "./friends-support";
import { createUser, fetchApp } from "./helpers";
import { browserFor, pageText } from "./settings-support";

const friendForm = (id: number) => `/users/${id}/friend`;

describe("the friend forms (POST /users/{id}/friend)", () => {
  it("asks first without JavaScript: a post lacking confirmed=1 gets a page with the question", async () => {
    const { a, b } = await twoPeople();
    const browser = await browserFor(a);
    const page = await browser.post(friendForm(b.id), { intent: "send", returnTo: "/newsfeed" });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Are you sure you want to send Blake Answerer a friend request?");
    expect(html).toContain('<input type="hidden" name="confirmed" value="1"/>');
    expect(html).toContain('<input type="hidden" name="intent" value="send"/>');
    expect(html).toContain('<input type="hidden" name="returnTo" value="/newsfeed"/>');
    expect(await friendshipRows(a.id, b.id)).toEqual([]);
  });

  it("sends once confirmed, goes back (PRG) and says 'Your friend request has been sent to {name}'", async () => {
    const { a, b } = await twoPeople();
    const browser = await browserFor(a);
    const sent = await browser.post(friendForm(b.id), { intent: "send", confirmed: "1", returnTo: "/newsfeed" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/newsfeed");
    expect(await pageText(await browser.get("/newsfeed"))).toContain(
      "Your friend request has been sent to Blake Answerer",
    );
    expect(await friendshipRows(a.id, b.id)).toHaveLength(1);
  });

  it("cancels once confirmed: 'Your friend request with {name} has been cancelled.'", async () => {
    const { a, b } = await twoPeople();
    await makeRequest(a.id, b.id);
    const browser = await browserFor(a);
    const asks = await pageText(await browser.post(friendForm(b.id), { intent: "cancel" }));
    expect(asks).toContain("Are you sure you want to cancel the friend request with Blake Answerer?");
    const done = await browser.post(friendForm(b.id), { intent: "cancel", confirmed: "1" });
    expect(done.headers.get("Location")).toBe(`/users/${b.id}`);
    expect(await pageText(await browser.get(`/users/${b.id}`))).toContain(
      "Your friend request with Blake Answerer has been cancelled.",
    );
  });

  it("shows SPEC's warnings as notices", async () => {
    const { a, b } = await twoPeople();
    const c = await createUser({ name: "Casey Third" });
    await makeFriends(a.id, b.id);
    await makeRequest(a.id, c.id);
    const browser = await browserFor(a);
    const cases: [number, string, string][] = [
      [b.id, "send", "You are already friends with Blake Answerer"],
      [c.id, "send", "Unable to send your friend request or you already have a friend request pending."],
      [b.id, "cancel", "There is no pending friend request for Blake Answerer"],
    ];
    for (const [id, intent, notice] of cases) {
      const response = await browser.post(friendForm(id), { intent, confirmed: "1", returnTo: "/profile/friends" });
      expect(response.headers.get("Location")).toBe("/profile/friends");
      const html = await (await browser.get("/profile/friends")).text();
      expect(html).toMatch(/class="toast toast-warning"/);
      expect(await pageText(new Response(html))).toContain(notice);
    }
  });

  it("answers requests without asking: accept and decline, addressee only", async () => {
    const { a, b } = await twoPeople();
    const c = await createUser({ name: "Casey Third" });
    await makeRequest(a.id, b.id);
    await makeRequest(c.id, b.id);
    const requester = await browserFor(a);
    await requester.post(friendForm(b.id), { intent: "accept" });
    expect(await friendshipRows(a.id, b.id)).toEqual([expect.objectContaining({ status: "pending" })]);
    expect(await pageText(await requester.get("/profile/friends"))).toContain(
      "There is no friend request from Blake Answerer to answer.",
    );

    const addressee = await browserFor(b);
    await addressee.post(friendForm(a.id), { intent: "accept", returnTo: "/profile/friends" });
    expect(await pageText(await addressee.get("/profile/friends"))).toContain("You and Avery Asker are now friends.");
    await addressee.post(friendForm(c.id), { intent: "decline", returnTo: "/profile/friends" });
    expect(await pageText(await addressee.get("/profile/friends"))).toContain(
      "You declined the friend request from Casey Third.",
    );
    expect(await friendshipRows(b.id, c.id)).toEqual([]);
  });

  it("unfriends only once confirmed", async () => {
    const { a, b } = await twoPeople();
    await makeFriends(a.id, b.id);
    const browser = await browserFor(b);
    expect(await pageText(await browser.post(friendForm(a.id), { intent: "unfriend" }))).toContain(
      "Are you sure you want to remove Avery Asker from your friends?",
    );
    expect(await friendshipRows(a.id, b.id)).toHaveLength(1);
    await browser.post(friendForm(a.id), { intent: "unfriend", confirmed: "1" });
    expect(await friendshipRows(a.id, b.id)).toEqual([]);
  });

  it("acts only as the signed-in user: form fields cannot name someone else", async () => {
    const { a, b } = await twoPeople();
    const c = await createUser();
    await makeRequest(b.id, c.id);
    const browser = await browserFor(a);
    // a tries to accept b's request to c, and to cancel it: neither is a's.
    await browser.post(friendForm(b.id), { intent: "accept", userId: String(c.id), viewerId: String(c.id) });
    await browser.post(friendForm(c.id), { intent: "cancel", confirmed: "1", requesterId: String(b.id) });
    expect(await friendshipRows(b.id, c.id)).toEqual([expect.objectContaining({ status: "pending" })]);
    expect(await friendshipRows(a.id, b.id)).toEqual([]);
  });

  it("keeps returnTo on this site, and answers bad ids, intents and guests without a 500", async () => {
    const { a, b } = await twoPeople();
    const browser = await browserFor(a);
    const away = await browser.post(friendForm(b.id), {
      intent: "send",
      confirmed: "1",
      returnTo: "https://evil.test/",
    });
    expect(away.headers.get("Location")).toBe(`/users/${b.id}`);
    expect((await browser.post("/users/abc/friend", { intent: "send", confirmed: "1" })).status).toBe(404);
    expect((await browser.post(friendForm(b.id), { intent: "hug" })).status).toBe(400);
    const unknown = await browser.post("/users/99999999/friend", { intent: "send", confirmed: "1" });
    expect(unknown.status).toBe(302);
    expect(await pageText(await browser.get("/users/99999999"))).toContain("There is no user 99999999.");
    const guest = await fetchApp(friendForm(b.id), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=send&confirmed=1",
    });
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("reads intent and returnTo from the action's query, a field in the body first (decision 215)", async () => {
    const { a, b } = await twoPeople();
    const browser = await browserFor(a);
    const sent = await browser.post(`${friendForm(b.id)}?intent=send&returnTo=/newsfeed`, {
      confirmed: "1",
      returnTo: "/profile/friends",
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/profile/friends");
    expect(await friendshipRows(a.id, b.id)).toHaveLength(1);
    // Unconfirmed, the question's page carries the query's fields in its own form.
    const asks = await (await browser.post(`${friendForm(b.id)}?intent=cancel&returnTo=/newsfeed`, {})).text();
    expect(asks).toContain("Are you sure you want to cancel the friend request with Blake Answerer?");
    expect(asks).toContain('<input type="hidden" name="intent" value="cancel"/>');
    expect(asks).toContain('<input type="hidden" name="returnTo" value="/newsfeed"/>');
  });

  it("creates the addressee's notification through the form too", async () => {
    const { a, b } = await twoPeople();
    const browser = await browserFor(a);
    await browser.post(friendForm(b.id), { intent: "send", confirmed: "1" });
    const [notification] = (await listNotifications(b.id)).data;
    expect(notification).toMatchObject({
      title: "Avery Asker sent you a friend request",
      url: "http://localhost/profile/friends",
    });
  });
});

describe("the public profile (/users/{id})", () => {
  it("shows the large avatar, name, @username, the friend control and their communities", async () => {
    const { a, b } = await twoPeople();
    const [club] = await getDb()
      .insert(schema.communities)
      .values({ slug: `chess-${b.id}`, name: "Chess Club", category: "club" })
      .returning();
    await getDb()
      .insert(schema.communityMembers)
      .values({ communityId: club!.id, userId: b.id, role: "member", status: "active" });
    const page = await (await browserFor(a)).get(`/users/${b.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<title>Blake Answerer — SchoolHub</title>");
    expect(html).toContain('class="avatar avatar-large avatar-placeholder"');
    expect(html).toContain(`@${b.username}`);
    expect(html).toMatch(/<button type="submit"[^>]*>Add Friend<\/button>/);
    expect(html).toContain(`action="/users/${b.id}/friend?intent=send&amp;returnTo=/users/${b.id}"`);
    expect(html).toContain("Chess Club");
  });

  it("lists a private community only to those who may see its members (decision 045)", async () => {
    const { a, b } = await twoPeople();
    const [room] = await getDb()
      .insert(schema.communities)
      .values({ slug: `room-${b.id}`, name: "Room 12", category: "classroom", joinPolicy: "invite" })
      .returning();
    await getDb()
      .insert(schema.communityMembers)
      .values({ communityId: room!.id, userId: b.id, role: "member", status: "active" });
    const stranger = await (await (await browserFor(a)).get(`/users/${b.id}`)).text();
    expect(stranger).not.toContain("Room 12");
    await getDb()
      .insert(schema.communityMembers)
      .values({ communityId: room!.id, userId: a.id, role: "member", status: "active" });
    expect(await (await (await browserFor(a)).get(`/users/${b.id}`)).text()).toContain("Room 12");
  });

  it("offers Send Message to /chat/@username (or /chat/{id}) and Unfriend to friends", async () => {
    const { a, b } = await twoPeople();
    const noName = await createUser({ username: null, name: "Nameless" });
    await makeFriends(a.id, b.id);
    await makeFriends(noName.id, a.id);
    const browser = await browserFor(a);
    const html = await (await browser.get(`/users/${b.id}`)).text();
    expect(html).toContain(`href="/chat/@${b.username}"`);
    expect(html).toMatch(/>Send Message<\/a>/);
    expect(html).toMatch(/>Unfriend<\/button>/);
    expect(await (await browser.get(`/users/${noName.id}`)).text()).toContain(`href="/chat/~${noName.id}"`);
  });

  it("offers Cancel Friend Request for the viewer's request, Accept and Decline for theirs", async () => {
    const { a, b } = await twoPeople();
    const c = await createUser();
    await makeRequest(a.id, b.id);
    await makeRequest(c.id, a.id);
    const browser = await browserFor(a);
    expect(await pageText(await browser.get(`/users/${b.id}`))).toContain("Cancel Friend Request");
    const theirs = await pageText(await browser.get(`/users/${c.id}`));
    expect(theirs).toContain("Accept");
    expect(theirs).toContain("Decline");
    expect(theirs).not.toContain("Cancel Friend Request");
  });

  it("shows unknown and deleted people as 'Unknown User' with '[unavailable]', status 404", async () => {
    const { a } = await twoPeople();
    const gone = await createUser({ name: "Gone Person", deletedAt: Date.now() });
    const browser = await browserFor(a);
    for (const path of ["/users/99999999", `/users/${gone.id}`, "/users/abc"]) {
      const page = await browser.get(path);
      expect(page.status).toBe(404);
      const text = await pageText(page);
      expect(text).toContain("Unknown User");
      expect(text).toContain("[unavailable]");
      expect(text).not.toContain("Gone Person");
      expect(text).not.toContain("Add Friend");
    }
  });

  it("sends one's own id to /profile, and guests to sign in", async () => {
    const { a, b } = await twoPeople();
    const own = await (await browserFor(a)).get(`/users/${a.id}`);
    expect(own.status).toBe(302);
    expect(own.headers.get("Location")).toBe("/profile");
    const guest = await fetchApp(`/users/${b.id}`);
    expect(guest.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/users/${b.id}`)}`);
  });
});

describe("avatar popups on the newsfeed (SPEC §2)", () => {
  it("show each author's card, with friend controls only on other people", async () => {
    const { a, b } = await twoPeople();
    const [community] = await getDb()
      .insert(schema.communities)
      .values({ slug: `feed-${a.id}`, name: "Feed Test", category: "parents" })
      .returning();
    await getDb()
      .insert(schema.communityMembers)
      .values([
        { communityId: community!.id, userId: a.id, role: "member", status: "active" },
        { communityId: community!.id, userId: b.id, role: "member", status: "active" },
      ]);
    await getDb()
      .insert(schema.posts)
      .values([
        { communityId: community!.id, authorId: b.id, body: "Hello from Blake", createdAt: Date.now() - 1000 },
        { communityId: community!.id, authorId: a.id, body: "Hello from Avery", createdAt: Date.now() },
      ]);
    const browser = await browserFor(a);
    // The list carries no popup (decision 076): each author is a link to the profile, which has
    // the card and its controls without JavaScript; with it, a tap makes the popup in place
    // from the page's data (tests/e2e/post-forms.spec.ts opens it).
    const html = await browser.get("/newsfeed").then((response) => response.text());
    expect(html).not.toContain('<details class="menu avatar-popup">');
    // The link is named by its avatar, labelled with what it leads to (decision 204).
    expect(html).toContain(
      `href="/users/${b.id}"><span class="avatar avatar-default avatar-placeholder" role="img" aria-label="About Blake Answerer">B</span></a>`,
    );
    expect(html).toContain(
      `href="/users/${a.id}"><span class="avatar avatar-default avatar-placeholder" role="img" aria-label="About Avery Asker">A</span></a>`,
    );
    const data = await browser.get("/newsfeed.data").then((response) => response.text());
    expect(data).toContain(b.username);
    const blake = await browser.get(`/users/${b.id}`).then((response) => response.text());
    expect(blake).toContain(`@${b.username}`);
    expect(blake).toMatch(/>Add Friend<\/button>/);
    const avery = await browser.get(`/users/${a.id}`).then((response) => response.text());
    expect(avery).not.toContain("Add Friend");
  });
});

describe("/profile/friends", () => {
  it("offers Accept and Decline for requests in, Cancel for requests out, Send Message and Unfriend for friends", async () => {
    const user = await createUser({ name: "Centre" });
    const friend = await createUser({ name: "Fran Friend" });
    const asker = await createUser({ name: "Ivy Incoming" });
    const asked = await createUser({ name: "Otto Outgoing" });
    await makeFriends(user.id, friend.id);
    await makeRequest(asker.id, user.id);
    await makeRequest(user.id, asked.id);
    const text = await pageText(await (await browserFor(user)).get("/profile/friends"));
    const section = (from: string, to?: string) => text.slice(text.indexOf(from), to ? text.indexOf(to) : undefined);
    // Requests waiting for an answer come first, before the search and the friends (decision 125).
    expect(text.indexOf("Friend requests for you")).toBeLessThan(text.indexOf("Your friends"));
    const incoming = section("Friend requests for you", "Your friends");
    const friends = section("Your friends", "Friend requests you sent");
    const outgoing = section("Friend requests you sent");
    expect(friends).toMatch(/Fran Friend.*Send Message.*Unfriend/);
    expect(incoming).toMatch(/Ivy Incoming.*Accept.*Decline/);
    expect(outgoing).toMatch(/Otto Outgoing.*Cancel Friend Request/);
  });

  it("sends a person's popup without its card, the forms' fields in their action, one box for the controls (decisions 215, 221)", async () => {
    const user = await createUser({ name: "Centre" });
    const friend = await createUser({ name: "Fran Friend" });
    const asker = await createUser({ name: "Ivy Incoming" });
    await makeFriends(user.id, friend.id);
    await makeRequest(asker.id, user.id);
    const html = await (await (await browserFor(user)).get("/profile/friends")).text();
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    // The trigger and "View profile" (what a reader without JavaScript needs); the card repeats
    // the row's avatar, name and @username, and the browser makes it when the popup opens.
    expect(main).toContain(`aria-label="About Fran Friend"`);
    expect(main).toMatch(new RegExp(`<a href="/users/${friend.id}"[^>]*>View profile</a>`));
    expect(main).not.toContain("avatar-popup-card");
    expect(main).not.toContain("avatar-large");
    expect(main).toContain(`action="/users/${friend.id}/friend?intent=unfriend&amp;returnTo=/profile/friends"`);
    expect(main).toContain(`action="/users/${asker.id}/friend?intent=accept&amp;returnTo=/profile/friends"`);
    expect(main).toContain(`action="/users/${asker.id}/friend?intent=decline&amp;returnTo=/profile/friends"`);
    expect(main).not.toContain('type="hidden"');
    // The row's actions box is the controls' box, and each list's status is not sent per person (decision 221).
    expect(main).toContain('<div class="person-row-actions friend-controls">');
    expect(main).not.toContain('<div class="friend-controls">');
    const data = html.slice(html.indexOf("</main>"));
    expect(data).toContain("Fran Friend");
    expect(data).not.toMatch(/\\"(friendStatus|direction)\\"/);
  });

  it("finds people by name or username, with their controls, never oneself or deleted accounts", async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const user = await createUser({ name: `Searcher ${tag}` });
    const byName = await createUser({ name: `Robin ${tag}` });
    const byUsername = await createUser({ name: "Quinn Other", username: `${tag}_quinn` });
    await createUser({ name: `Deleted ${tag}`, deletedAt: Date.now() });
    await createUser({ name: `Unactivated ${tag}`, activatedAt: null });
    await makeFriends(user.id, byName.id);
    const browser = await browserFor(user);
    const text = await pageText(await browser.get(`/profile/friends?q=${tag}`));
    const results = text.slice(text.indexOf(`People matching “${tag}”`), text.indexOf("Your friends"));
    expect(results).toContain(`Robin ${tag}`);
    expect(results).toContain("Quinn Other");
    expect(results).toMatch(/Quinn Other.*Add Friend/);
    expect(results).not.toContain(`Searcher ${tag}`);
    expect(results).not.toContain("Deleted");
    expect(results).not.toContain("Unactivated");
    expect(byUsername.username).toContain(tag);
  });

  it("shows how the viewer stands with each person found, in the page's one round trip", async () => {
    const tag = `zs${Date.now().toString(36)}`;
    const user = await createUser({ name: `Seeker ${tag}` });
    // By name, in the order the results list them.
    const friendAsked = await createUser({ name: `A ${tag} friend they asked` });
    const friendAsking = await createUser({ name: `B ${tag} friend who asked` });
    const asked = await createUser({ name: `C ${tag} asked` });
    const asking = await createUser({ name: `D ${tag} asking` });
    const stranger = await createUser({ name: `E ${tag} stranger` });
    await makeFriends(user.id, friendAsked.id);
    await makeFriends(friendAsking.id, user.id);
    await makeRequest(user.id, asked.id);
    await makeRequest(asking.id, user.id);
    const browser = await browserFor(user);
    const response = await browser.get(`/profile/friends?q=${tag}`);
    expect(Number(response.headers.get("X-D1-Round-Trips"))).toBe(1);
    const text = await pageText(response);
    const results = text.slice(text.indexOf(`People matching “${tag}”`), text.indexOf("Your friends"));
    const people = [friendAsked, friendAsking, asked, asking, stranger];
    const controls = ["Unfriend", "Unfriend", "Cancel Friend Request", "Accept", "Add Friend"];
    people.forEach((person, index) => {
      const from = results.indexOf(person.name);
      const to = index + 1 < people.length ? results.indexOf(people[index + 1]!.name) : results.length;
      expect(from, person.name).toBeGreaterThan(-1);
      const row = results.slice(from, to);
      expect(row, person.name).toContain(controls[index]);
      for (const other of new Set(controls))
        if (other !== controls[index]) expect(row, person.name).not.toContain(other);
    });
  });

  it("needs two characters, treats % and _ literally, and returns at most 20", async () => {
    const tag = `zx${Date.now().toString(36)}`;
    const user = await createUser();
    // One row at a time: D1 allows 100 bound values per statement.
    for (let i = 0; i < 22; i++) {
      await createUser({ name: `Many ${tag} ${String(i).padStart(2, "0")}` });
    }
    const browser = await browserFor(user);
    expect(await pageText(await browser.get("/profile/friends?q=z"))).toContain(
      "Type at least 2 characters to search.",
    );
    const many = await (await browser.get(`/profile/friends?q=${tag}`)).text();
    expect(many.match(new RegExp(`<strong>Many ${tag} \\d\\d</strong>`, "g"))).toHaveLength(20);
    expect(await pageText(await browser.get("/profile/friends?q=%25%25"))).toContain("No one matches “%%”.");
  });
});
