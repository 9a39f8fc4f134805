import { describe, expect, it } from "vitest";
import { listMyCommunities } from "~/server/communities/communities.server";
import { getCommunityPage } from "~/server/communities/community-page.server";
import { answerRequest, changeMember, moderatePost } from "~/server/communities/manage.server";
import { changeMembership } from "~/server/communities/membership.server";
import { getPostPage } from "~/server/content/content-pages.server";
import { createPost } from "~/server/content/posts.server";
import { addMember, cast, makeCommunity, membershipRow } from "./communities-support";
import { createUser, fetchApp } from "./helpers";
import { browserFor, pageText } from "./settings-support";

describe("creating a community", () => {
  // The first request of a file starts the Worker, slow on a shared machine.
  it("makes the creator its owner and opens it (PRG)", { timeout: 40_000 }, async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const slug = `bake-sale-${Date.now().toString(36)}`;
    const created = await browser.post("/communities/create", {
      name: "Bake Sale Crew",
      slug,
      category: "pto",
      description: "Cakes for the gym floor",
      joinPolicy: "request",
      postPolicy: "all",
      requiresApproval: "on",
    });
    expect(created.status).toBe(302);
    const location = created.headers.get("Location")!;
    expect(location).toMatch(/^\/communities\/\d+$/);
    const id = Number(location.split("/").pop());
    expect((await membershipRow(id, user.id))?.role).toBe("owner");
    const html = await (await browser.get(location)).text();
    const text = await pageText(new Response(html));
    expect(text).toContain("Bake Sale Crew was created.");
    expect(text).toContain("Join by request");
    // Its only owner's main action is Manage, a button; leaving is not offered (decision 125).
    expect(html).toMatch(new RegExp(`<a class="button" href="/communities/${id}/manage"[^>]*>Manage</a>`));
    expect(html).not.toContain('value="leave"');
    // With a second owner, either may leave; Manage stays first.
    const other = await createUser();
    await addMember(id, other.id, "owner");
    const both = await (await browser.get(location)).text();
    expect(both).toContain('value="leave"');
    expect(both.indexOf(`href="/communities/${id}/manage"`)).toBeLessThan(both.indexOf('value="leave"'));
    const mine = await listMyCommunities(user.id);
    expect(mine.owned.map((c) => c.id)).toContain(id);
    expect(mine.postable.map((c) => c.id)).toContain(id);
  });

  it("re-renders the form with field errors and refuses a taken or reserved slug", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const empty = await browser.post("/communities/create", { name: "", category: "", joinPolicy: "open" });
    expect(empty.status).toBe(400);
    const text = await pageText(empty);
    expect(text).toContain("Enter a name.");
    expect(text).toContain("Choose a category.");
    const reserved = await browser.post("/communities/create", {
      name: "Newsfeed",
      category: "club",
      joinPolicy: "open",
    });
    expect(await pageText(reserved)).toContain("this address is not available");
    const { slug } = await makeCommunity(user.id);
    const taken = await browser.post("/communities/create", {
      name: "Again",
      slug,
      category: "club",
      joinPolicy: "open",
    });
    expect(taken.status).toBe(409);
    expect(await pageText(taken)).toContain("Another community already uses this address.");
  });
});

describe("membership rules per join policy", () => {
  it("open: joining is immediate, and the member sees posts and members", async () => {
    const { owner, stranger, community } = await cast({ joinPolicy: "open" });
    expect((await changeMembership(stranger, community.id, "join")).status).toBe("joined");
    expect((await membershipRow(community.id, stranger.id))?.status).toBe("active");
    const page = await getCommunityPage(stranger.id, community.id);
    expect(page?.members.map((m) => m.id)).toContain(owner.id);
    expect(page?.joinAction).toBe("leave");
  });

  it("request: a request is pending until answered, and can be cancelled", async () => {
    const { owner, stranger, community } = await cast({ joinPolicy: "request" });
    await createPost(owner, community.id, "Members only news");
    const before = await getCommunityPage(stranger.id, community.id);
    expect(before?.visible).toBe(false);
    expect(before?.posts).toEqual([]);
    expect(before?.members).toEqual([]);
    expect(before?.joinAction).toBe("request");
    expect((await changeMembership(stranger, community.id, "request")).status).toBe("requested");
    expect((await membershipRow(community.id, stranger.id))?.status).toBe("pending");
    expect((await getCommunityPage(stranger.id, community.id))?.joinAction).toBe("cancel");
    expect((await changeMembership(stranger, community.id, "cancel")).status).toBe("cancelled");
    expect(await membershipRow(community.id, stranger.id)).toBeNull();
  });

  it("invite: nobody joins uninvited; the invited accept or decline", async () => {
    const { stranger, community } = await cast({ joinPolicy: "invite" });
    expect((await changeMembership(stranger, community.id, "join")).status).toBe("not_allowed");
    expect(await membershipRow(community.id, stranger.id)).toBeNull();
    const invited = await createUser();
    await addMember(community.id, invited.id, "member", "invited");
    expect((await getCommunityPage(invited.id, community.id))?.joinAction).toBe("accept");
    expect((await changeMembership(invited, community.id, "accept")).status).toBe("accepted");
    expect((await membershipRow(community.id, invited.id))?.status).toBe("active");
    const other = await createUser();
    await addMember(community.id, other.id, "member", "invited");
    await changeMembership(other, community.id, "decline");
    expect(await membershipRow(community.id, other.id)).toBeNull();
  });

  it("the last owner cannot leave; a member can", async () => {
    const { owner, member, community } = await cast();
    expect((await changeMembership(owner, community.id, "leave")).status).toBe("last_owner");
    expect((await membershipRow(community.id, owner.id))?.role).toBe("owner");
    expect((await changeMembership(member, community.id, "leave")).status).toBe("left");
    expect(await membershipRow(community.id, member.id)).toBeNull();
  });

  it("managers-only posting and the postable list", async () => {
    const { owner, member, community } = await cast({ postPolicy: "managers" });
    expect((await listMyCommunities(member.id)).subscribed.map((c) => c.id)).toContain(community.id);
    expect((await listMyCommunities(member.id)).postable.map((c) => c.id)).not.toContain(community.id);
    expect((await createPost(member, community.id, "hello")).status).toBe("not_allowed");
    expect((await createPost(owner, community.id, "hello")).status).toBe("published");
  });
});

describe("the community pages", () => {
  it("leaving asks first without JavaScript, then leaves (PRG with a notice)", async () => {
    const { member, community } = await cast({ name: "Chess Club" } as never);
    const browser = await browserFor(member);
    const asks = await browser.post(`/communities/${community.id}`, { intent: "leave" });
    expect(asks.status).toBe(200);
    expect(await pageText(asks)).toContain("Are you sure you want to leave");
    expect(await membershipRow(community.id, member.id)).not.toBeNull();
    const left = await browser.post(`/communities/${community.id}`, { intent: "leave", confirmed: "1" });
    expect(left.headers.get("Location")).toBe(`/communities/${community.id}`);
    expect(await pageText(await browser.get(`/communities/${community.id}`))).toContain("You left");
  });

  it("a non-member of a by-request community sees only its card and the request button", async () => {
    const { owner, stranger, community } = await cast({ joinPolicy: "request" });
    await createPost(owner, community.id, "Secret schedule change");
    const browser = await browserFor(stranger);
    const text = await pageText(await browser.get(`/communities/${community.id}`));
    expect(text).toContain("Request to join");
    expect(text).not.toContain("Secret schedule change");
    expect(text).not.toContain("Olivia Owner");
  });

  it("/{slug} opens the community; any other slug is the 404 page", async () => {
    const { member, community } = await cast();
    const browser = await browserFor(member);
    const opened = await browser.get(`/${community.slug}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe(`/communities/${community.id}`);
    const missing = await browser.get("/no-such-community-here");
    expect(missing.status).toBe(404);
    expect(await pageText(missing)).toContain("This page could not be found");
    expect((await fetchApp("/communities/999999999", { headers: { Cookie: browser.cookie() } })).status).toBe(404);
  });

  it("/communities lists owned and subscribed communities", async () => {
    const { owner, member, community } = await cast();
    const other = await makeCommunity(owner.id, { name: "Robotics Team" });
    await addMember(other.id, member.id);
    const text = await pageText(await (await browserFor(member)).get("/communities"));
    expect(text).toContain("Robotics Team");
    expect(text).toContain("You do not own a community yet.");
    expect((await listMyCommunities(owner.id)).owned.map((c) => c.id)).toEqual(
      expect.arrayContaining([community.id, other.id]),
    );
  });
});

describe("managing a community", () => {
  const pages = ["", "/edit", "/members", "/posts", "/requests"];

  it("owners and managers open every manage page; members and strangers get 403", { timeout: 40_000 }, async () => {
    const { owner, member, stranger, community } = await cast();
    const manager = await createUser();
    await addMember(community.id, manager.id, "manager");
    for (const [person, status] of [
      [owner, 200],
      [manager, 200],
      [member, 403],
      [stranger, 403],
    ] as const) {
      const browser = await browserFor(person);
      for (const page of pages) {
        expect((await browser.get(`/communities/${community.id}/manage${page}`)).status, `${person.name} ${page}`).toBe(
          status,
        );
      }
    }
  });

  it("refuses every manage action from members and strangers, in the page and the service", async () => {
    const { member, stranger, community, owner } = await cast({ joinPolicy: "request", requiresApproval: true });
    const asker = await createUser();
    await addMember(community.id, asker.id, "member", "pending");
    const post = await createPost(member, community.id, "pending post");
    if (post.status !== "pending") throw new Error("expected pending");
    const base = `/communities/${community.id}/manage`;
    const attempts: [string, Record<string, string>][] = [
      ["/requests", { intent: "approve", userId: String(asker.id) }],
      ["/members", { intent: "promote", userId: String(member.id) }],
      ["/members", { intent: "remove", userId: String(owner.id), confirmed: "1" }],
      ["/posts", { intent: "approve", postId: String(post.id) }],
      ["/posts", { intent: "pin", postId: String(post.id) }],
      ["/edit", { name: "Hijacked", category: "club", joinPolicy: "open" }],
    ];
    for (const person of [member, stranger]) {
      const browser = await browserFor(person);
      for (const [page, form] of attempts) {
        expect((await browser.post(`${base}${page}`, form)).status, `${person.name} ${page} ${form.intent}`).toBe(403);
      }
    }
    expect(await answerRequest(member, community.id, asker.id, true)).toBe(false);
    expect(await moderatePost(stranger, community.id, post.id, "approve")).toBe(false);
    expect((await membershipRow(community.id, asker.id))?.status).toBe("pending");
    expect((await getPostPage(member.id, post.id))?.post.pending).toBe(true);
  });

  it("approves a request and a pending post; the post then reaches other members", async () => {
    const { owner, member, community } = await cast({ joinPolicy: "request", requiresApproval: true });
    const asker = await createUser({ name: "Rita Requester" });
    await changeMembership(asker, community.id, "request");
    const browser = await browserFor(owner);
    const requests = await pageText(await browser.get(`/communities/${community.id}/manage/requests`));
    expect(requests).toContain("Rita Requester");
    const approved = await browser.post(`/communities/${community.id}/manage/requests`, {
      intent: "approve",
      userId: String(asker.id),
    });
    expect(approved.status).toBe(302);
    expect((await membershipRow(community.id, asker.id))?.status).toBe("active");
    const post = await createPost(member, community.id, "Please approve me");
    if (post.status !== "pending") throw new Error("expected pending");
    expect(await getPostPage(asker.id, post.id)).toBeNull();
    expect(await pageText(await browser.get(`/communities/${community.id}/manage`))).toContain(
      "1 Posts waiting for approval",
    );
    await browser.post(`/communities/${community.id}/manage/posts`, { intent: "approve", postId: String(post.id) });
    expect((await getPostPage(asker.id, post.id))?.post.pending).toBe(false);
  });

  it("declining a request and rejecting a post ask first", async () => {
    const { owner, member, community } = await cast({ joinPolicy: "request", requiresApproval: true });
    const asker = await createUser({ name: "Dana Declined" });
    await changeMembership(asker, community.id, "request");
    const browser = await browserFor(owner);
    const base = `/communities/${community.id}/manage`;
    const asks = await browser.post(`${base}/requests`, { intent: "decline", userId: String(asker.id) });
    expect(await pageText(asks)).toContain("Are you sure you want to decline Dana Declined's request?");
    await browser.post(`${base}/requests`, { intent: "decline", userId: String(asker.id), confirmed: "1" });
    expect(await membershipRow(community.id, asker.id)).toBeNull();
    const post = await createPost(member, community.id, "Reject me");
    if (post.status !== "pending") throw new Error("expected pending");
    expect(
      await pageText(await browser.post(`${base}/posts`, { intent: "reject", postId: String(post.id) })),
    ).toContain("Are you sure you want to reject this post?");
    await browser.post(`${base}/posts`, { intent: "reject", postId: String(post.id), confirmed: "1" });
    expect(await getPostPage(owner.id, post.id)).toBeNull();
  });

  it("promotes, demotes and removes; the last owner cannot be demoted or removed", async () => {
    const { owner, member, community } = await cast();
    expect(await changeMember(owner, community.id, member.id, "promote")).toBe(true);
    expect((await membershipRow(community.id, member.id))?.role).toBe("manager");
    // A manager cannot touch owners.
    expect(await changeMember(member, community.id, owner.id, "demote")).toBe(false);
    expect(await changeMember(member, community.id, owner.id, "remove")).toBe(false);
    expect(await changeMember(owner, community.id, owner.id, "demote")).toBe(false);
    expect((await membershipRow(community.id, owner.id))?.role).toBe("owner");
    expect(await changeMember(owner, community.id, member.id, "makeOwner")).toBe(true);
    expect(await changeMember(member, community.id, owner.id, "demote")).toBe(true);
    expect((await membershipRow(community.id, owner.id))?.role).toBe("manager");
    expect(await changeMember(member, community.id, owner.id, "remove")).toBe(true);
    expect(await membershipRow(community.id, owner.id)).toBeNull();
  });

  it("edits details and policies", async () => {
    const { owner, community } = await cast();
    const browser = await browserFor(owner);
    const saved = await browser.post(`/communities/${community.id}/manage/edit`, {
      name: "Renamed Club",
      slug: community.slug,
      category: "team",
      description: "New words",
      joinPolicy: "invite",
      postPolicy: "managers",
    });
    expect(saved.status).toBe(302);
    const page = await getCommunityPage(owner.id, community.id);
    expect(page?.community).toMatchObject({
      name: "Renamed Club",
      category: "team",
      joinPolicy: "invite",
      postPolicy: "managers",
    });
  });

  it("reports reach the managers with their reason; pinning shows the post first", async () => {
    const { owner, member, community } = await cast();
    const post = await createPost(owner, community.id, "Questionable");
    if (post.status !== "published") throw new Error("not published");
    const reporter = await browserFor(member);
    const reported = await reporter.post(`/content/${post.id}`, {
      intent: "report",
      targetType: "post",
      targetId: String(post.id),
      reason: "Spam link",
    });
    expect(reported.status).toBe(302);
    const browser = await browserFor(owner);
    const text = await pageText(await browser.get(`/communities/${community.id}/manage/posts`));
    expect(text).toContain("Questionable");
    expect(text).toContain("Spam link");
    await browser.post(`/communities/${community.id}/manage/posts`, { intent: "pin", postId: String(post.id) });
    expect((await getCommunityPage(member.id, community.id))?.pinned.map((p) => p.id)).toEqual([post.id]);
  });
});

describe("invitations", () => {
  it("a manager invites by username or name; the invitee accepts; strangers cannot invite", {
    timeout: 40_000,
  }, async () => {
    const { owner, member, community } = await cast({ joinPolicy: "invite" });
    const guest = await createUser({ name: "Ivy Invitee" });
    const browser = await browserFor(owner);
    const sent = await browser.post(`/communities/${community.id}/manage/members`, {
      intent: "invite",
      who: `@${guest.username}`,
    });
    expect(sent.status).toBe(302);
    expect(await pageText(await browser.get(`/communities/${community.id}/manage/members`))).toContain(
      "Ivy Invitee was invited.",
    );
    expect((await membershipRow(community.id, guest.id))?.status).toBe("invited");
    const again = await browser.post(`/communities/${community.id}/manage/members`, {
      intent: "invite",
      who: "ivy invitee",
    });
    expect(again.status).toBe(302);
    expect(await pageText(await browser.get(`/communities/${community.id}`))).toContain(
      "is already a member, invited or asking to join",
    );
    const guestBrowser = await browserFor(guest);
    expect(await pageText(await guestBrowser.get(`/communities/${community.id}`))).toContain("Accept invitation");
    await guestBrowser.post(`/communities/${community.id}`, { intent: "accept" });
    expect((await membershipRow(community.id, guest.id))?.status).toBe("active");
    const refused = await (await browserFor(member)).post(`/communities/${community.id}/manage/members`, {
      intent: "invite",
      who: owner.username!,
    });
    expect(refused.status).toBe(403);
  });
});
