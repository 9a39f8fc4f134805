import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { issueTokens } from "~/server/auth/tokens.server";
import { createPost } from "~/server/content/posts.server";
import { getDb, schema } from "~/server/db/db.server";
import { listOutbox } from "~/server/mail/outbox.server";
import { actorOf, addMember, cast } from "./communities-support";
import { createUser, fetchApp } from "./helpers";
import { noQuiet, put, quietNow, setLocale, sleep } from "./mail-support";
import { bearerFor } from "./notifications-support";
import { waitForMail } from "./outbox-support";
import { decrypt, installFakePushService, newDevice, pushesTo } from "./push-support";
import { browserFor, pageText } from "./settings-support";

/**
 * Urgent posts and pushes about posts (issue 23 items 4 and 6, decision 183), through the real
 * queue, D1, the outbox and a fake push service at the network edge that decrypts as a browser.
 */
beforeAll(installFakePushService);

type Category = (typeof schema.communities.$inferSelect)["category"];
const setCategory = (communityId: number, category: Category) =>
  getDb().update(schema.communities).set({ category }).where(eq(schema.communities.id, communityId));

/** A school community: its owner (a manager), a manager, a member and a stranger. */
async function school(category: Category = "school") {
  const { owner, member, stranger, community } = await cast();
  const manager = await createUser({ name: "Maya Manager" });
  await addMember(community.id, manager.id, "manager");
  await setCategory(community.id, category);
  const [row] = await getDb()
    .select({ name: schema.communities.name })
    .from(schema.communities)
    .where(eq(schema.communities.id, community.id));
  return { owner, manager, member, stranger, community: { ...community, name: row!.name } };
}

/** A phone with notifications on for the user. */
async function phoneOf(userId: number) {
  const phone = await newDevice();
  const response = await fetchApp("/api/v2/push-subscriptions", {
    method: "POST",
    headers: { Authorization: `Bearer ${await bearerFor(userId)}`, "Content-Type": "application/json" },
    body: JSON.stringify(phone.json),
  });
  expect(response.status).toBe(201);
  return phone;
}

async function postApi(userId: number, body: unknown) {
  const { token } = await issueTokens(userId);
  const response = await fetchApp("/api/v1/posts", {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the test reads JSON answers loosely, as an app would
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

const postRow = async (postId: number) =>
  (await getDb().select().from(schema.posts).where(eq(schema.posts.id, postId)))[0];
const heldFor = (userId: number) => getDb().query.heldPushes.findMany({ where: eq(schema.heldPushes.userId, userId) });

describe("urgent posts (issue 23 item 6)", { timeout: 60_000 }, () => {
  it("a school's manager marks a post urgent: who and when are recorded, and every view shows the marker", async () => {
    const { manager, member, community } = await school();
    const before = Date.now();
    const made = await postApi(manager.id, { communityId: community.id, body: "School closes at noon.", urgent: true });
    expect(made.status).toBe(201);
    expect(made.json.post).toMatchObject({ status: "published", urgent: true });
    const row = await postRow(made.json.post.id);
    expect(row).toMatchObject({ urgentBy: manager.id, status: "published" });
    expect(row!.urgentAt).toBeGreaterThanOrEqual(before);

    // The web form: the owner of a district community, the box ticked.
    await setCategory(community.id, "district");
    const browser = await browserFor(member);
    const managerBrowser = await browserFor(manager);
    const posted = await managerBrowser.post("/content", {
      communityId: String(community.id),
      body: "Buses run two hours late.",
      urgent: "1",
      returnTo: "/newsfeed",
    });
    expect(posted.status).toBe(302);
    const ordinary = await createPost(await actorOf(manager.id), community.id, "Picture day is Friday.");
    if (ordinary.status !== "published") throw new Error(ordinary.status);
    expect(ordinary.urgent).toBe(false);
    expect((await postRow(ordinary.id))?.urgentAt).toBeNull();

    // The member sees "Urgent" on both urgent posts, in the feed, the community and the post page.
    const badges = (html: string) => html.match(/class="post-badge post-urgent"/g)?.length ?? 0;
    expect(badges(await (await browser.get("/newsfeed")).text())).toBe(2);
    expect(badges(await (await browser.get(`/communities/${community.id}`)).text())).toBe(2);
    const page = await browser.get(`/content/${made.json.post.id}`);
    expect(await pageText(page)).toContain("Urgent");
    expect(badges(await (await browser.get(`/content/${ordinary.id}`)).text())).toBe(0);
    // The API's cards say so too.
    const { token } = await issueTokens(member.id);
    const feed = (await (
      await fetchApp("/api/v1/newsfeed", { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { data: { id: number; urgent?: boolean }[] };
    const urgentIds = feed.data.filter((post) => post.urgent).map((post) => post.id);
    expect(urgentIds).toContain(made.json.post.id);
    expect(urgentIds).not.toContain(ordinary.id);
  });

  it("offers the box only to those who may use it", async () => {
    const { manager, member, community } = await school();
    const checkbox = 'name="urgent"';
    expect(await (await (await browserFor(manager)).get(`/communities/${community.id}`)).text()).toContain(checkbox);
    expect(await (await (await browserFor(member)).get(`/communities/${community.id}`)).text()).not.toContain(checkbox);
    await setCategory(community.id, "classroom");
    expect(await (await (await browserFor(manager)).get(`/communities/${community.id}`)).text()).not.toContain(
      checkbox,
    );
  });

  it("refuses everyone else in the service: a member, a class's manager, a stranger; nothing is stored", async () => {
    const { member, stranger, community } = await school();
    const body = (text: string) => ({ communityId: community.id, body: text, urgent: true });
    const count = async () =>
      (await getDb().select().from(schema.posts).where(eq(schema.posts.communityId, community.id))).length;

    const byMember = await postApi(member.id, body("Everyone look at this!"));
    expect(byMember.status).toBe(403);
    expect(byMember.json.error).toMatchObject({
      code: "urgent_not_allowed",
      message: "Only managers of a school or district community can mark a post urgent.",
    });
    expect((await postApi(stranger.id, body("Hello"))).json.error.code).toBe("not_allowed");
    expect((await postApi(member.id, { ...body("Yes"), urgent: "yes" })).status).toBe(400);

    // The owner of a club (not a school or district) may post, but not urgently.
    const club = await school("club");
    const byClub = await postApi(club.owner.id, {
      communityId: club.community.id,
      body: "Practice moved",
      urgent: true,
    });
    expect(byClub.status).toBe(403);
    expect(byClub.json.error.code).toBe("urgent_not_allowed");

    // The web form: 403, the reason at the box, and what was typed kept.
    const browser = await browserFor(member);
    const refused = await browser.post("/content", {
      communityId: String(community.id),
      body: "Please read: the gym is closed",
      urgent: "1",
      returnTo: "/newsfeed",
    });
    expect(refused.status).toBe(403);
    const text = await pageText(refused);
    expect(text).toContain("Only managers of a school or district community can mark a post urgent.");
    expect(text).toContain("Please read: the gym is closed");
    expect(await count()).toBe(0);
    // The service itself, called directly, refuses too.
    expect(await createPost(await actorOf(member.id), community.id, "Direct", [], { urgent: true })).toEqual({
      status: "urgent_not_allowed",
    });
    expect(await count()).toBe(0);
  });
});

describe("pushes about posts, and quiet hours (issue 23 items 4 and 6)", { timeout: 30_000 }, () => {
  it("a new post pushes to members who chose posts right away, not to those on the daily digest", async () => {
    const { owner, member, stranger, community } = await school();
    await addMember(community.id, stranger.id);
    await put(member.id, { ...noQuiet, email: { posts: "immediate" } });
    await put(stranger.id, noQuiet);
    const [phone, other] = [await phoneOf(member.id), await phoneOf(stranger.id)];
    const post = await createPost(await actorOf(owner.id), community.id, "Book fair starts Monday in the library.");
    if (post.status !== "published") throw new Error(post.status);
    const [push] = await pushesTo([phone.endpoint], 1);
    expect(await decrypt(phone, push!)).toEqual({
      title: `Olivia Owner posted in ${community.name}`,
      body: "Book fair starts Monday in the library.",
      url: `${env.APP_ORIGIN}/content/${post.id}`,
      tag: `post-${post.id}`,
    });
    expect(await pushesTo([other.endpoint], 1, 500)).toHaveLength(0);
    expect(await pushesTo([phone.endpoint], 2, 500)).toHaveLength(1);
  });

  it("quiet hours hold an ordinary post's push, but an urgent post reaches every member at once, by push and mail", async () => {
    const { manager, member, stranger, community } = await school();
    await addMember(community.id, stranger.id);
    // The member chose posts right away, but it is their quiet time; the stranger keeps the daily digest.
    await quietNow(member.id, "America/Denver", { email: { posts: "immediate" } });
    await quietNow(stranger.id, "Asia/Ho_Chi_Minh");
    await setLocale(stranger.id, "vi");
    const [phone, other] = [await phoneOf(member.id), await phoneOf(stranger.id)];

    const ordinary = await createPost(await actorOf(manager.id), community.id, "Spirit week starts Monday.");
    if (ordinary.status !== "published") throw new Error(ordinary.status);
    const deadline = Date.now() + 10_000;
    while ((await heldFor(member.id)).length < 1 && Date.now() < deadline) await sleep(50);
    expect(await heldFor(member.id)).toHaveLength(1);
    expect(await pushesTo([phone.endpoint, other.endpoint], 1, 500)).toHaveLength(0);

    const urgent = await createPost(await actorOf(manager.id), community.id, "Lockdown drill at 10:00 today.", [], {
      urgent: true,
    });
    if (urgent.status !== "published") throw new Error(urgent.status);
    const pushes = await pushesTo([phone.endpoint, other.endpoint], 2);
    expect(pushes).toHaveLength(2);
    expect(await decrypt(phone, pushes.find((p) => p.endpoint === phone.endpoint)!)).toEqual({
      title: `Urgent: ${community.name}`,
      body: "Lockdown drill at 10:00 today.",
      url: `${env.APP_ORIGIN}/content/${urgent.id}`,
      tag: `post-${urgent.id}`,
    });
    // The Vietnamese-speaking parent reads the title in Vietnamese, and the words translated.
    const theirs = (await decrypt(other, pushes.find((p) => p.endpoint === other.endpoint)!)) as Record<string, string>;
    expect(theirs.title).toBe(`Khẩn cấp: ${community.name}`);
    expect(theirs.body).toContain("[en→vi] Lockdown drill at 10:00 today.");
    // Still only the ordinary one waits.
    expect(await heldFor(member.id)).toHaveLength(1);

    // Mail at once to both, through quiet hours and the stranger's daily-digest choice, each in their language.
    for (const [person, subject] of [
      [member, `Urgent from ${community.name}: Maya Manager posted`],
      [stranger, `Khẩn cấp từ ${community.name}: Maya Manager đã đăng`],
    ] as const) {
      const mails = await waitForMail(person.email);
      const mail = mails.find((one) => one.subject === subject);
      expect(mail?.text).toContain("Lockdown drill at 10:00 today.");
    }
    // The ordinary post mailed nobody now: the member's mail waits for the end of quiet hours.
    expect((await listOutbox({ to: member.email })).filter((m) => m.text.includes("Spirit week"))).toHaveLength(0);
  });
});
