import { describe, expect, it } from "vitest";
import { listMyCommunities } from "~/server/communities/communities.server";
import { getCommunityPage } from "~/server/communities/community-page.server";
import { changeMembership } from "~/server/communities/membership.server";
import { createPost } from "~/server/content/posts.server";
import { addMember, cast, makeCommunity, membershipRow } from "./communities-support";
import { createUser, fetchApp } from "./helpers";
import { browserFor, pageText } from "./settings-support";

describe("creating a community", () => {
  // The first request of a file starts the Worker, slow on a shared machine.
  it("makes the creator its owner and opens it (PRG)", { timeout: 20_000 }, async () => {
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
    const text = await pageText(await browser.get(location));
    expect(text).toContain("Bake Sale Crew was created.");
    expect(text).toContain("Join by request");
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
    expect((await changeMembership(stranger.id, community.id, "join")).status).toBe("joined");
    expect((await membershipRow(community.id, stranger.id))?.status).toBe("active");
    const page = await getCommunityPage(stranger.id, community.id);
    expect(page?.members.map((m) => m.id)).toContain(owner.id);
    expect(page?.joinAction).toBe("leave");
  });

  it("request: a request is pending until answered, and can be cancelled", async () => {
    const { owner, stranger, community } = await cast({ joinPolicy: "request" });
    await createPost(owner.id, community.id, "Members only news");
    const before = await getCommunityPage(stranger.id, community.id);
    expect(before?.visible).toBe(false);
    expect(before?.posts).toEqual([]);
    expect(before?.members).toEqual([]);
    expect(before?.joinAction).toBe("request");
    expect((await changeMembership(stranger.id, community.id, "request")).status).toBe("requested");
    expect((await membershipRow(community.id, stranger.id))?.status).toBe("pending");
    expect((await getCommunityPage(stranger.id, community.id))?.joinAction).toBe("cancel");
    expect((await changeMembership(stranger.id, community.id, "cancel")).status).toBe("cancelled");
    expect(await membershipRow(community.id, stranger.id)).toBeNull();
  });

  it("invite: nobody joins uninvited; the invited accept or decline", async () => {
    const { stranger, community } = await cast({ joinPolicy: "invite" });
    expect((await changeMembership(stranger.id, community.id, "join")).status).toBe("not_allowed");
    expect(await membershipRow(community.id, stranger.id)).toBeNull();
    const invited = await createUser();
    await addMember(community.id, invited.id, "member", "invited");
    expect((await getCommunityPage(invited.id, community.id))?.joinAction).toBe("accept");
    expect((await changeMembership(invited.id, community.id, "accept")).status).toBe("accepted");
    expect((await membershipRow(community.id, invited.id))?.status).toBe("active");
    const other = await createUser();
    await addMember(community.id, other.id, "member", "invited");
    await changeMembership(other.id, community.id, "decline");
    expect(await membershipRow(community.id, other.id)).toBeNull();
  });

  it("the last owner cannot leave; a member can", async () => {
    const { owner, member, community } = await cast();
    expect((await changeMembership(owner.id, community.id, "leave")).status).toBe("last_owner");
    expect((await membershipRow(community.id, owner.id))?.role).toBe("owner");
    expect((await changeMembership(member.id, community.id, "leave")).status).toBe("left");
    expect(await membershipRow(community.id, member.id)).toBeNull();
  });

  it("managers-only posting and the postable list", async () => {
    const { owner, member, community } = await cast({ postPolicy: "managers" });
    expect((await listMyCommunities(member.id)).subscribed.map((c) => c.id)).toContain(community.id);
    expect((await listMyCommunities(member.id)).postable.map((c) => c.id)).not.toContain(community.id);
    expect((await createPost(member.id, community.id, "hello")).status).toBe("not_allowed");
    expect((await createPost(owner.id, community.id, "hello")).status).toBe("published");
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
    await createPost(owner.id, community.id, "Secret schedule change");
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
