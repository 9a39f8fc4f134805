import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createPost } from "~/server/content/posts.server";
import { createEvent, updateEvent } from "~/server/events/events.server";
import { sendDayBeforeReminders } from "~/server/events/reminders.server";
import { answerEvent } from "~/server/events/rsvp.server";
import { sendMessage } from "~/server/inbox/send.server";
import { sendNoticeMails } from "~/server/notifications/mail-jobs.server";
import { addMember, cast } from "./communities-support";
import { communityWithPeople, eventInput } from "./events-support";
import { people } from "./inbox-support";
import {
  deliver,
  exactlyMails,
  headersOf,
  holdDelayedJobs,
  noQuiet,
  put,
  quietNow,
  setLocale,
  takeDelayed,
} from "./mail-support";
import { expectNoMail, waitForMail } from "./outbox-support";

/** Inbox messages and event changes by email (issue 23 item 5, decision 169); mail-support.ts plays the 15 minutes. */
beforeAll(holdDelayedJobs);

describe("inbox messages by email", () => {
  it("still unread after 15 minutes: mailed with its subject and text, in the recipient's language", async () => {
    const { ada, ben, cleo } = await people();
    await put(ben.id, noQuiet);
    await put(cleo.id, noQuiet);
    await setLocale(ben.id, "zh-Hans");
    const sent = await sendMessage({
      sender: { id: ada.id, tokenVersion: 0 },
      to: [ben.username!, cleo.username!],
      subject: "Field trip forms",
      body: "Please sign the form by Friday.",
      clientKey: crypto.randomUUID(),
    });
    if (sent.status !== "sent") throw new Error(sent.status);
    const jobs = await takeDelayed((job) => job.about.kind === "inbox" && job.about.messageId === sent.id);
    expect(jobs[0]!.body.body).toMatchObject({ userIds: expect.arrayContaining([ben.id, cleo.id]) });
    await deliver(jobs);
    const [mail] = await waitForMail(ben.email);
    expect(mail!.subject).toBe(`${ada.name}：Field trip forms`);
    expect(mail!.text).toContain("> Please sign the form by Friday.");
    expect(mail!.text).toContain(`${env.APP_ORIGIN}/messagesold/${sent.id}`);
    expect(mail!.html).toContain('lang="zh-Hans"');
    expect(headersOf(mail!)["List-Unsubscribe"]).toContain("/unsubscribe/inbox/");
    expect((await waitForMail(cleo.email))[0]!.subject).toBe(`${ada.name}: Field trip forms`);
    await expectNoMail(ada.email);
  });
});

describe("event changes by email", () => {
  it("right away by default, to every member but whoever changed it; none to a member who turned them off", async () => {
    const { community, manager, member, other } = await communityWithPeople();
    await put(member.id, noQuiet);
    await put(other.id, { ...noQuiet, email: { events: "off" } });
    await setLocale(member.id, "ar");
    const created = await createEvent(manager, community.id, eventInput({ title: "Bake sale" }));
    if (!created.ok) throw new Error("not created");
    const [mail] = await waitForMail(member.email);
    // The event's name is isolated from the Arabic around it (U+2068 … U+2069).
    expect(mail!.subject).toBe("فعالية جديدة: \u2068Bake sale\u2069");
    expect(mail!.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail!.text).toContain(`${env.APP_ORIGIN}/calendar/events/${created.value}`);
    expect(headersOf(mail!)["List-Unsubscribe"]).toContain("/unsubscribe/events/");

    const changed = await updateEvent(manager, created.value, eventInput({ title: "Bake sale (moved)" }));
    expect(changed.ok).toBe(true);
    await waitForMail(member.email, { count: 2 });
    const mails = await exactlyMails(member.email, 2);
    expect(mails.map((one) => one.subject)).toContain("تغيّرت الفعالية: \u2068Bake sale (moved)\u2069");
    await expectNoMail(other.email);
    await expectNoMail(manager.email, 0);
  });
});

describe("the day-before reminder by email", () => {
  it("goes to those going, once, however often the cron runs, and not into a digest", async () => {
    const { community, manager, member, other } = await communityWithPeople();
    // The member turned event emails off; the other one keeps the default (right away); the
    // manager chose a daily digest, which would bring a reminder too late, so it comes at once.
    await put(member.id, { ...noQuiet, email: { events: "off" } });
    await put(other.id, noQuiet);
    await put(manager.id, { ...noQuiet, email: { events: "daily" } });
    const hour = 3_600_000;
    const run = Math.floor(Date.now() / hour) * hour + 5 * hour;
    const startsAt = run + 24 * hour + 30 * 60_000;
    const created = await createEvent(
      manager,
      community.id,
      eventInput({ title: "Field trip", startsAt, endsAt: null }),
    );
    if (!created.ok) throw new Error("not created");
    await answerEvent(member, created.value, startsAt, "going");
    await answerEvent(other, created.value, startsAt, "going");
    await answerEvent(manager, created.value, startsAt, "going");
    expect(await sendDayBeforeReminders(run)).toBe(3);
    expect(await sendDayBeforeReminders(run + 60_000)).toBe(0);
    await waitForMail(other.email, { count: 2 });
    const mails = await exactlyMails(other.email, 2);
    const reminder = mails.find((mail) => mail.subject === "Tomorrow: Field trip")!;
    expect(reminder.text).toContain("A reminder: Field trip is tomorrow, and you are going.");
    expect(reminder.text).toContain(`${env.APP_ORIGIN}/calendar/events/${created.value}`);
    expect((await exactlyMails(member.email, 0)).length).toBe(0);
    await waitForMail(manager.email);
    expect((await exactlyMails(manager.email, 1)).map((mail) => mail.subject)).toEqual(["Tomorrow: Field trip"]);
  });
});

describe("urgent posts (for the digest side's urgent marking, issue 23 item 6)", () => {
  it("are mailed at once, through quiet hours and a daily-digest choice, but never to someone who turned posts off", async () => {
    const { owner, member, stranger, community } = await cast();
    await addMember(community.id, stranger.id);
    const zone = "Asia/Ho_Chi_Minh";
    await quietNow(member.id, zone);
    await put(stranger.id, { ...noQuiet, email: { posts: "off" } });
    const post = await createPost(owner, community.id, "School closes at noon today because of the storm.");
    if (post.status !== "published") throw new Error(post.status);
    const about = { kind: "posts" as const, postId: post.id, authorId: owner.id };
    const sent = await sendNoticeMails(
      { about, userIds: [member.id, stranger.id], origin: env.APP_ORIGIN, urgent: true },
      { key: `urgent-${post.id}`, attempts: 1 },
    );
    expect(sent).toBe(1);
    const [mail] = await waitForMail(member.email);
    expect(mail!.subject).toContain("Olivia Owner posted in");
    expect(mail!.text).toContain("> School closes at noon today because of the storm.");
    await expectNoMail(stranger.email);
  });
});
