import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createEvent, updateEvent } from "~/server/events/events.server";
import { sendMessage } from "~/server/inbox/send.server";
import { communityWithPeople, eventInput } from "./events-support";
import { people } from "./inbox-support";
import {
  deliver,
  exactlyMails,
  headersOf,
  holdDelayedJobs,
  noQuiet,
  put,
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
    expect(mail!.subject).toBe("فعالية جديدة: Bake sale");
    expect(mail!.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail!.text).toContain(`${env.APP_ORIGIN}/calendar/events/${created.value}`);
    expect(headersOf(mail!)["List-Unsubscribe"]).toContain("/unsubscribe/events/");

    const changed = await updateEvent(manager, created.value, eventInput({ title: "Bake sale (moved)" }));
    expect(changed.ok).toBe(true);
    await waitForMail(member.email, { count: 2 });
    const mails = await exactlyMails(member.email, 2);
    expect(mails.map((one) => one.subject)).toContain("تغيّرت الفعالية: Bake sale (moved)");
    await expectNoMail(other.email);
    await expectNoMail(manager.email, 0);
  });
});
