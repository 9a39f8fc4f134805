import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createPost } from "~/server/content/posts.server";
import { getDb, schema } from "~/server/db/db.server";
import { DIGEST_USERS_PER_JOB, runDigestsNow, sendDigests } from "~/server/notifications/digest-run.server";
import { addMember, cast } from "./communities-support";
import { createUser } from "./helpers";
import { exactlyMails, headersOf, put, setLocale } from "./mail-support";
import { expectNoMail, waitForMail } from "./outbox-support";

/**
 * Digests (issue 23 item 5, decision 171): the hourly cron, at an instant we choose, sends each
 * person's daily digest at their digest hour in their own zone, once, listing only what they have
 * not seen, through the real D1, queue and outbox transport.
 */
const HOUR = 3_600_000;

/** The local hour in `zone` at `at`. */
const hourIn = (zone: string, at: number) =>
  Number(new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23" }).format(at));

async function livesIn(userId: number, zone: string, digestHour: number) {
  await getDb().update(schema.users).set({ timeZone: zone }).where(eq(schema.users.id, userId));
  await put(userId, { digestHour });
}

async function post(author: { id: number; tokenVersion?: number }, communityId: number, text: string) {
  const made = await createPost({ id: author.id, tokenVersion: 0 }, communityId, text);
  if (made.status !== "published") throw new Error(made.status);
  return made.id;
}

// Three zones' runs through the real queue and outbox: on a busy machine, more than the default 20 s.
describe("daily digests (issue 23 item 5)", { timeout: 60_000 }, () => {
  it("three people in three zones get theirs at their local hour, once, with only their unseen items", async () => {
    // The cron's next run: the top of the next hour (the posts below are from the hour before it).
    const first = Math.ceil(Date.now() / HOUR) * HOUR;
    const { member, community } = await cast();
    const la = await createUser({ name: "Ana Angeles" });
    const madrid = await createUser({ name: "Bea Madrid" });
    const saigon = await createUser({ name: "Chi Saigon" });
    const idle = await createUser({ name: "Dee Idle" });
    for (const user of [la, madrid, saigon]) await addMember(community.id, user.id);
    await setLocale(saigon.id, "vi");
    await livesIn(la.id, "America/Los_Angeles", hourIn("America/Los_Angeles", first));
    await livesIn(madrid.id, "Europe/Madrid", hourIn("Europe/Madrid", first + HOUR));
    await livesIn(saigon.id, "Asia/Ho_Chi_Minh", hourIn("Asia/Ho_Chi_Minh", first + 2 * HOUR));
    // Nothing for them: an empty day sends no mail.
    await livesIn(idle.id, "America/Los_Angeles", hourIn("America/Los_Angeles", first));

    const bus = await post(member, community.id, "The bus leaves at 8:05 tomorrow.");
    const fair = await post(member, community.id, "Book fair in the library all week.");
    const own = await post(la, community.id, "Who has a spare lunchbox?");
    // Madrid already liked the bus post: seen, so not in her digest.
    await getDb().insert(schema.likes).values({ userId: madrid.id, targetType: "post", targetId: bus });
    const link = (id: number) => `${env.APP_ORIGIN}/content/${id}`;

    // 1) Los Angeles' hour: only Ana; a second run in the same hour sends nothing more.
    await sendDigests(first, env.APP_ORIGIN);
    await sendDigests(first + 60_000, env.APP_ORIGIN);
    const [ana] = await waitForMail(la.email);
    await exactlyMails(la.email, 1);
    expect(ana!.subject).toBe("Your daily digest: 2 new in posts in your communities");
    expect(ana!.text).toContain(link(bus));
    expect(ana!.text).toContain(link(fair));
    expect(ana!.text).not.toContain(link(own));
    expect(ana!.text).toContain("Milo Member in ");
    expect(headersOf(ana!)["List-Unsubscribe"]).toContain("/unsubscribe/posts/");
    await expectNoMail(madrid.email);
    await expectNoMail(saigon.email);
    await expectNoMail(idle.email);

    // 2) An hour later, Madrid's hour: Bea, without the post she liked.
    await sendDigests(first + HOUR, env.APP_ORIGIN);
    const [bea] = await waitForMail(madrid.email);
    expect(bea!.subject).toBe("Your daily digest: 2 new in posts in your communities");
    expect(bea!.text).toContain(link(fair));
    expect(bea!.text).toContain(link(own));
    expect(bea!.text).not.toContain(link(bus));
    await expectNoMail(saigon.email);

    // 3) Two hours later, Saigon's hour: Chi, all three, in Vietnamese.
    await sendDigests(first + 2 * HOUR, env.APP_ORIGIN);
    await sendDigests(first + 2 * HOUR, env.APP_ORIGIN);
    const [chi] = await waitForMail(saigon.email);
    expect(chi!.subject).toBe("Bản tin hằng ngày: 3 mục mới trong bài đăng trong cộng đồng của bạn");
    for (const id of [bus, fair, own]) expect(chi!.text).toContain(link(id));

    // Once each, whatever ran again; and nobody else's items went to anyone.
    await exactlyMails(la.email, 1);
    await exactlyMails(madrid.email, 1);
    await exactlyMails(saigon.email, 1);
    await expectNoMail(idle.email);
  });

  it("a kind set to off is in no digest; a weekly one comes on a local Monday only", async () => {
    // The next Monday, 07:00 UTC: within the week after the post below.
    const day = 24 * HOUR;
    const today = Math.floor(Date.now() / day) * day;
    const ahead = ((8 - new Date(today).getUTCDay()) % 7) + (new Date(today).getUTCDay() === 1 ? 7 : 0);
    const monday = today + ahead * day + 7 * HOUR;
    const { member, community } = await cast();
    const off = await createUser({ name: "Otto Off" });
    const weekly = await createUser({ name: "Wen Weekly" });
    for (const user of [off, weekly]) await addMember(community.id, user.id);
    await livesIn(off.id, "UTC", 7);
    await livesIn(weekly.id, "UTC", 7);
    await put(off.id, { email: { posts: "off", friends: "off" } });
    await put(weekly.id, { email: { posts: "weekly", friends: "off" } });
    const id = await post(member, community.id, "Picture day is next Thursday.");
    await sendDigests(monday - day, env.APP_ORIGIN);
    await expectNoMail(weekly.email);
    await sendDigests(monday, env.APP_ORIGIN);
    const [mail] = await waitForMail(weekly.email);
    expect(mail!.subject).toBe("Your weekly digest: 1 new in posts in your communities");
    expect(mail!.text).toContain("This week, 1 thing you have not seen yet:");
    expect(mail!.text).toContain(`${env.APP_ORIGIN}/content/${id}`);
    await expectNoMail(off.email);
  });

  it("are batched: one D1 round trip to find who is due, one per job of 100 people", async () => {
    // An hour and a zone nobody else in this file uses: Kathmandu's :45 offset.
    const at = Math.ceil(Date.now() / HOUR) * HOUR + 5 * HOUR;
    const zone = "Asia/Kathmandu";
    const hour = hourIn(zone, at);
    const { member, community } = await cast();
    const people = DIGEST_USERS_PER_JOB + 30;
    const made = Date.now();
    // As the bench seeds them: people in one statement, each with a settings row and a token.
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO users (email, name, activated_at, email_verified_at, time_zone)
        WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?1 - 1)
        SELECT printf('batch-%d-%d@digest.test', ?2, i), printf('Batch Parent %d', i), ?2, ?2, ?3 FROM n`).bind(
        people,
        made,
        zone,
      ),
      env.DB.prepare(`INSERT INTO community_members (community_id, user_id, role, status)
        SELECT ?1, id, 'member', 'active' FROM users WHERE email LIKE ?2`).bind(community.id, `batch-${made}-%`),
      env.DB.prepare(`INSERT INTO notification_settings (user_id, digest_hour, unsubscribe_token)
        SELECT id, ?1, lower(hex(randomblob(24))) FROM users WHERE email LIKE ?2`).bind(hour, `batch-${made}-%`),
    ]);
    await post(member, community.id, "Parent-teacher conferences are on Tuesday.");
    const run = await runDigestsNow(at, env.APP_ORIGIN);
    expect(run.people).toBeGreaterThanOrEqual(people);
    expect(run.jobs).toBe(Math.ceil(run.people / DIGEST_USERS_PER_JOB));
    expect(run.mails).toBeGreaterThanOrEqual(people);
    // One per job, and a second only in a job where someone had no unsubscribe token yet (other
    // tests' people may be due too): never one per person.
    expect(run.roundTrips).toBeGreaterThanOrEqual(1 + run.jobs);
    expect(run.roundTrips).toBeLessThanOrEqual(1 + 2 * run.jobs);
    // Again in the same hour: claimed already, nothing more.
    expect((await runDigestsNow(at, env.APP_ORIGIN)).mails).toBe(0);
  });
});
