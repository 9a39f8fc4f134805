import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/server/db/db.server";
import { cancelEvent, updateEvent } from "~/server/events/events.server";
import { answerEvent } from "~/server/events/rsvp.server";
import { sendDigests } from "~/server/notifications/digest-run.server";
import { markAllNotificationsRead, markNotificationRead } from "~/server/notifications/notifications.server";
import { actorOf, addMember } from "./communities-support";
import { communityWithPeople, eventInput, eventOf, FIRST_START, notificationsOf } from "./events-support";
import { createUser } from "./helpers";
import { exactlyMails, put, sleep } from "./mail-support";
import { expectNoMail, waitForMail } from "./outbox-support";

/**
 * Event changes in digests (issue 23 item 5, decision 184): a person whose event-change email is
 * a daily digest gets, at their digest hour, each event of their communities that changed since
 * the last one and whose notification they have not seen: one line per event, linked, once.
 */
const HOUR = 3_600_000;
/** Mail comes through the queue: on a busy machine, later than the helper's default. */
const SLOW = { timeoutMs: 40_000 };

/** Waits until the queue has stored `count` notifications for the user (they come after the response). */
async function notified(userId: number, count: number) {
  for (let waited = 0; waited < 40_000; waited += 100) {
    const rows = await notificationsOf(userId);
    if (rows.length >= count) return rows;
    await sleep(100);
  }
  throw new Error(`user ${userId} has fewer than ${count} notifications`);
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

// Notifications come through the queue: on a busy machine, more than the default 20 s.
describe("event changes in digests (issue 23 item 5)", { timeout: 120_000 }, () => {
  it("lists each unseen change once, linked, at the person's hour; not what they saw, nor their own", async () => {
    // The next top of the hour, not 07:00 UTC (the default digest hour of people without settings).
    const next = Math.ceil(Date.now() / HOUR) * HOUR;
    const at = new Date(next).getUTCHours() === 7 ? next + HOUR : next;
    const hour = new Date(at).getUTCHours();
    const { community, manager, member } = await communityWithPeople({ name: "Lincoln PTO" });
    const reader = await createUser({ name: "Dana Digest" });
    const seer = await createUser({ name: "Sid Seen" });
    for (const one of [reader, seer]) await addMember(community.id, one.id);
    const daily = { digestHour: hour, email: { events: "daily", posts: "off", friends: "off" } };
    for (const one of [reader, seer, manager]) await put(one.id, daily);

    // The bake sale is made, then moved: two notifications, one line.
    const sale = await eventOf(manager.id, community.id, { title: "Bake sale" });
    const boss = await actorOf(manager.id);
    expect((await updateEvent(boss, sale, eventInput({ title: "Bake sale (moved)" }))).ok).toBe(true);
    // The picnic is made and called off.
    const picnic = await eventOf(manager.id, community.id, { title: "Picnic" });
    expect((await cancelEvent(boss, picnic)).ok).toBe(true);
    await notified(reader.id, 4);
    await notified(seer.id, 4);
    // Sid saw them all in the app; Mel saw only the picnic's.
    await markAllNotificationsRead(await actorOf(seer.id));
    const melsPicnic = (await notified(member.id, 4)).filter((row) => row.url.endsWith(`/calendar/events/${picnic}`));
    for (const row of melsPicnic) await markNotificationRead(await actorOf(member.id), row.oid);
    await put(member.id, daily);

    await sendDigests(at, env.APP_ORIGIN);
    await sendDigests(at + 60_000, env.APP_ORIGIN);
    const [mail] = await waitForMail(reader.email, SLOW);
    await exactlyMails(reader.email, 1);
    expect(mail!.subject).toBe("Your daily digest: 2 new in event changes and reminders");
    expect(mail!.text).toContain("Since yesterday, 2 things you have not seen yet:");
    expect(mail!.text).toContain("Cancelled in Lincoln PTO: Picnic");
    // Made and moved since the last digest: new to the reader, under its present title.
    expect(mail!.text).toContain("New in Lincoln PTO: Bake sale (moved)");
    expect(occurrences(mail!.text, `${env.APP_ORIGIN}/calendar/events/${sale}\n`)).toBe(1);
    expect(occurrences(mail!.text, `${env.APP_ORIGIN}/calendar/events/${picnic}\n`)).toBe(1);
    expect(mail!.text).toContain("/unsubscribe/events/");

    const [mel] = await waitForMail(member.email, SLOW);
    expect(mel!.subject).toBe("Your daily digest: 1 new in event changes and reminders");
    expect(mel!.text).toContain(`${env.APP_ORIGIN}/calendar/events/${sale}`);
    expect(mel!.text).not.toContain(`${env.APP_ORIGIN}/calendar/events/${picnic}`);
    await expectNoMail(seer.email);
    // Whoever made the changes was told of none of them.
    await expectNoMail(manager.email, 0);

    // The next day's digest: nothing new, nothing again.
    await sendDigests(at + 24 * HOUR, env.APP_ORIGIN);
    await exactlyMails(reader.email, 1);
  });

  it("an older event changed says so; a reader who chose right away gets the change by itself, no digest", async () => {
    const next = Math.ceil(Date.now() / HOUR) * HOUR + 2 * HOUR;
    const at = new Date(next).getUTCHours() === 7 ? next + HOUR : next;
    const hour = new Date(at).getUTCHours();
    const { community, manager, member, other } = await communityWithPeople({ name: "Robotics Club" });
    await put(member.id, { digestHour: hour, email: { events: "daily", posts: "off", friends: "off" } });
    const noQuiet = { quietStart: "00:00", quietEnd: "00:00" };
    await put(other.id, { ...noQuiet, digestHour: hour, email: { events: "immediate", posts: "off", friends: "off" } });
    const fair = await eventOf(manager.id, community.id, { title: "Science fair" });
    await notified(member.id, 1);
    // Made three days ago: only its change is news today.
    await getDb()
      .update(schema.events)
      .set({ createdAt: Date.now() - 3 * 24 * HOUR })
      .where(eq(schema.events.id, fair));
    await markAllNotificationsRead(await actorOf(member.id));
    const changed = await updateEvent(await actorOf(manager.id), fair, eventInput({ title: "Science fair (gym)" }));
    expect(changed.ok).toBe(true);
    await notified(member.id, 2);
    await waitForMail(other.email, { count: 2, ...SLOW });

    await sendDigests(at, env.APP_ORIGIN);
    const [mail] = await waitForMail(member.email, SLOW);
    expect(mail!.subject).toBe("Your daily digest: 1 new in event changes and reminders");
    expect(mail!.text).toContain(
      `Changed in Robotics Club: Science fair (gym)\n${env.APP_ORIGIN}/calendar/events/${fair}`,
    );
    // The right-away reader had both mails as they happened, and no digest.
    const mails = await exactlyMails(other.email, 2);
    // (Each mail names the event as it is when it is sent.)
    expect(mails.map((one) => one.subject)).toContain("Event changed: Science fair (gym)");
  });

  it("someone who answered and has left the open community since still hears of the cancellation, in their digest", async () => {
    const next = Math.ceil(Date.now() / HOUR) * HOUR + 4 * HOUR;
    const at = new Date(next).getUTCHours() === 7 ? next + HOUR : next;
    const { community, manager, member, other } = await communityWithPeople({ name: "Chess Club", joinPolicy: "open" });
    await put(member.id, {
      digestHour: new Date(at).getUTCHours(),
      email: { events: "daily", posts: "off", friends: "off" },
    });
    const match = await eventOf(manager.id, community.id, { title: "Chess match" });
    const answered = await answerEvent(await actorOf(member.id), match, FIRST_START, "going");
    expect(answered.ok).toBe(true);
    // Otto said he would not go, then left too: not told.
    expect((await answerEvent(await actorOf(other.id), match, FIRST_START, "not_going")).ok).toBe(true);
    await notified(other.id, 1);
    const m = schema.communityMembers;
    for (const one of [member, other])
      await getDb()
        .delete(m)
        .where(and(eq(m.communityId, community.id), eq(m.userId, one.id)));
    await markAllNotificationsRead(await actorOf(member.id));
    expect((await cancelEvent(await actorOf(manager.id), match)).ok).toBe(true);
    await notified(member.id, 2);

    await sendDigests(at, env.APP_ORIGIN);
    const [mail] = await waitForMail(member.email, SLOW);
    expect(mail!.text).toContain(`Cancelled in Chess Club: Chess match\n${env.APP_ORIGIN}/calendar/events/${match}`);
    const otto = await notificationsOf(other.id);
    expect(otto.filter((row) => row.url.endsWith(`/calendar/events/${match}`))).toHaveLength(1);
  });
});
