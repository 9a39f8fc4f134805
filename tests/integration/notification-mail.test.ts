import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sendMessage } from "~/server/chat/message-writes.server";
import { createPost } from "~/server/content/posts.server";
import { getDb, schema } from "~/server/db/db.server";
import { sendFriendRequest } from "~/server/friends/friends.server";
import { listOutbox } from "~/server/mail/outbox.server";
import { UNREAD_DELAY_SECONDS } from "~/server/notifications/mail-jobs.server";
import { sendHeldMails } from "~/server/notifications/mail-recipients.server";
import { twoFriends } from "./chat-support";
import { addMember, cast } from "./communities-support";
import { createUser, fetchApp } from "./helpers";
import {
  deliver,
  exactlyMails,
  headersOf,
  holdDelayedJobs,
  noQuiet,
  put,
  quietNow,
  setLocale,
  settingsOf,
  takeDelayed,
} from "./mail-support";
import { bearerFor } from "./notifications-support";
import { expectNoMail, waitForMail } from "./outbox-support";

beforeAll(holdDelayedJobs);

async function chat(from: { id: number }, to: { id: number }, content: string) {
  const sent = await sendMessage(
    { id: from.id, tokenVersion: 0 },
    { toUserId: to.id },
    {
      content,
      clientMsgId: crypto.randomUUID(),
    },
  );
  if (sent.status !== "ok") throw new Error(sent.status);
  return sent.message;
}

describe("chat messages by email (issue 23 item 5)", () => {
  it("still unread after 15 minutes: one mail for the run, in the recipient's language, with one-click unsubscribe", async () => {
    const { a, b } = await twoFriends();
    await put(b.id, noQuiet);
    await setLocale(b.id, "es");
    const first = await chat(a, b, "¿Puedes traer las galletas el viernes?");
    await chat(a, b, "¡Gracias!");
    const jobs = await takeDelayed(
      (job) => job.about.kind === "chat" && job.about.conversationId === first.conversationId,
      2,
    );
    expect(jobs.map((job) => job.delaySeconds)).toEqual([UNREAD_DELAY_SECONDS, UNREAD_DELAY_SECONDS]);
    await expectNoMail(b.email);
    await deliver(jobs);

    await waitForMail(b.email);
    const [mail] = await exactlyMails(b.email, 1);
    expect(await listOutbox({ to: a.email })).toEqual([]);
    expect(mail!.subject).toBe("Ada Parent te envió un mensaje");
    expect(mail!.text).toContain("Hola, Ben Teacher:");
    expect(mail!.text).toContain("> ¿Puedes traer las galletas el viernes?");
    expect(mail!.text).toContain("Hay 1 mensaje más sin leer en esta conversación.");
    expect(mail!.text).toContain(`${env.APP_ORIGIN}/chat/${first.conversationId}`);
    expect(mail!.html).toContain('<html lang="es" dir="ltr">');
    expect(mail!.html).toContain("Abrir la conversación");
    const token = (await settingsOf(b.id)).unsubscribeToken;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(headersOf(mail!)).toEqual({
      "List-Unsubscribe": `<${env.APP_ORIGIN}/unsubscribe/chat/${token}/one-click>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail!.text).toContain(`${env.APP_ORIGIN}/unsubscribe/chat/${token}?lng=es`);
  });

  it("read within 15 minutes: no mail", async () => {
    const { a, b } = await twoFriends();
    await put(b.id, noQuiet);
    const message = await chat(a, b, "Pick-up moved to 3:15");
    const read = await fetchApp(`/api/v2/conversation/${message.conversationId}/read`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await bearerFor(b.id)}` },
    });
    expect(read.status).toBeLessThan(300);
    await deliver(await takeDelayed((job) => job.about.kind === "chat" && job.about.messageId === message.id));
    await expectNoMail(b.email);
  });
});

describe("one-click unsubscribe (RFC 8058)", () => {
  it("works from a mail client with no session, and turns off just that kind", async () => {
    const { a, b } = await twoFriends();
    await put(b.id, noQuiet);
    const message = await chat(a, b, "Reminder: picture day");
    await deliver(await takeDelayed((job) => job.about.kind === "chat" && job.about.messageId === message.id));
    const [mail] = await waitForMail(b.email);
    const url = headersOf(mail!)["List-Unsubscribe"]!.slice(1, -1);

    // A webmail posting from its own site, as RFC 8058 describes: no cookie, another Origin.
    const response = await fetchApp(new URL(url).pathname, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("X-D1-Round-Trips")).toBe("1");
    const settings = await settingsOf(b.id);
    expect(settings).toMatchObject({ chatEmail: "off", inboxEmail: "immediate", friendsEmail: "daily" });
    expect(settings).toMatchObject({ postsEmail: "daily", eventsEmail: "immediate" });

    // Email off for a kind: no mail, however unread.
    const later = await chat(a, b, "Are you there?");
    await deliver(await takeDelayed((job) => job.about.kind === "chat" && job.about.messageId === later.id));
    await exactlyMails(b.email, 1);

    // A token nobody has: nothing changes.
    const wrong = await fetchApp("/unsubscribe/chat/not-a-real-token-000000000000000000000000000/one-click", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(wrong.status).toBe(404);
  });

  it("the page asks first, then turns the kind off with a plain form post, in the mail's language", async () => {
    const user = await createUser({ name: "Ana Madre" });
    await put(user.id, { email: { friends: "immediate" } });
    const { unsubscribeToken: token } = await settingsOf(user.id);
    const path = `/unsubscribe/friends/${token}`;

    const page = await fetchApp(`${path}?lng=es`);
    expect(page.status).toBe(200);
    expect(page.headers.get("X-D1-Round-Trips")).toBe("1");
    const html = await page.text();
    expect(html).toContain("¿Dejar de recibir correos sobre solicitudes de amistad?");
    expect((await settingsOf(user.id)).friendsEmail).toBe("immediate");

    const done = await fetchApp(`${path}?lng=es`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("X-D1-Round-Trips")).toBe("1");
    expect(done.headers.get("Location")).toBe(`${path}?lng=es&done=1`);
    const after = await fetchApp(done.headers.get("Location")!);
    expect(after.headers.get("X-D1-Round-Trips")).toBe("1");
    expect(await after.text()).toContain("Listo. Ya no recibirás correos sobre solicitudes de amistad.");
    expect(await settingsOf(user.id)).toMatchObject({ friendsEmail: "off", chatEmail: "immediate" });
    expect(await (await fetchApp(path)).text()).toContain("You already get no emails about friend requests.");
    expect((await fetchApp(`/unsubscribe/friends/nope${token}`)).status).toBe(404);
    expect((await fetchApp(`/unsubscribe/gossip/${token}`)).status).toBe(404);
    // The one-click address opened in a browser shows the page.
    const opened = await fetchApp(`${path}/one-click`);
    expect(opened.headers.get("Location")).toBe(path);
  });
});

describe("the other kinds", () => {
  it("a friend request: mailed at once when chosen, not by default (the digest's)", async () => {
    const asker = await createUser({ name: "Carla Coach" });
    const chosen = await createUser({ name: "Dan Dad" });
    const byDefault = await createUser({ name: "Eve Mom" });
    await put(chosen.id, { ...noQuiet, email: { friends: "immediate" } });
    await sendFriendRequest({ id: asker.id, tokenVersion: 0 }, chosen.id);
    await sendFriendRequest({ id: asker.id, tokenVersion: 0 }, byDefault.id);
    const [mail] = await waitForMail(chosen.email);
    expect(mail!.subject).toBe("Carla Coach sent you a friend request");
    expect(mail!.text).toContain(`${env.APP_ORIGIN}/profile/friends`);
    expect(headersOf(mail!)["List-Unsubscribe"]).toContain("/unsubscribe/friends/");
    await expectNoMail(byDefault.email);
  });

  it("a post in Spanish reaches a Vietnamese parent translated, marked, with the original", async () => {
    const { owner, member, community } = await cast();
    const parent = await createUser({ name: "Phụ huynh Lan" });
    await addMember(community.id, parent.id);
    await setLocale(parent.id, "vi");
    await put(parent.id, { ...noQuiet, email: { posts: "immediate" } });
    const text = `La excursión al museo es el viernes, traigan almuerzo ${crypto.randomUUID().slice(0, 8)}.`;
    const post = await createPost(member, community.id, text);
    if (post.status !== "published") throw new Error(post.status);
    const [mail] = await waitForMail(parent.email);
    expect(mail!.subject).toContain("Milo Member đã đăng trong");
    expect(mail!.text).toContain(`> [es→vi] ${text}`);
    expect(mail!.text).toContain("Dịch từ");
    expect(mail!.text).toContain(`Bản gốc:\n\n> ${text}`);
    expect(mail!.text).toContain(`${env.APP_ORIGIN}/content/${post.id}`);
    // The owner kept the default (a daily digest): no mail now.
    await expectNoMail(owner.email);
  });
});

describe("quiet hours hold immediate email (issue 23 item 6)", () => {
  it("until they end, then one summary per kind, once", async () => {
    const zone = "America/Denver";
    const [x, y, sleeper] = [
      await createUser({ name: "Xavi Parent" }),
      await createUser({ name: "Yara Parent" }),
      await createUser({ name: "Sol Sleeper" }),
    ];
    await quietNow(sleeper.id, zone, { email: { friends: "immediate" } });
    await sendFriendRequest({ id: x.id, tokenVersion: 0 }, sleeper.id);
    await sendFriendRequest({ id: y.id, tokenVersion: 0 }, sleeper.id);
    const heldFor = () => getDb().query.heldMails.findMany({ where: eq(schema.heldMails.userId, sleeper.id) });
    const deadline = Date.now() + 10_000;
    while ((await heldFor()).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await heldFor()).toHaveLength(2);
    await expectNoMail(sleeper.email);

    expect(await sendHeldMails(Date.now())).toBe(0);
    const later = Date.now() + 2 * 3_600_000;
    expect(await sendHeldMails(later)).toBeGreaterThanOrEqual(1);
    await waitForMail(sleeper.email);
    const [summary] = await exactlyMails(sleeper.email, 1);
    expect(summary!.subject).toBe("2 emails while it was quiet: friend requests");
    expect(summary!.text).toContain("Xavi Parent sent you a friend request");
    expect(summary!.text).toContain("Yara Parent sent you a friend request");
    expect(headersOf(summary!)["List-Unsubscribe"]).toContain("/unsubscribe/friends/");
    expect(await heldFor()).toHaveLength(0);
    await sendHeldMails(later);
    await exactlyMails(sleeper.email, 1);
  });

  it("send nothing held for a kind turned off meanwhile", async () => {
    const zone = "Europe/Madrid";
    const [asker, sleeper] = [await createUser({ name: "Quim Parent" }), await createUser({ name: "Rita Sleeper" })];
    await quietNow(sleeper.id, zone, { email: { friends: "immediate" } });
    await sendFriendRequest({ id: asker.id, tokenVersion: 0 }, sleeper.id);
    const heldFor = () => getDb().query.heldMails.findMany({ where: eq(schema.heldMails.userId, sleeper.id) });
    const deadline = Date.now() + 10_000;
    while ((await heldFor()).length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await heldFor()).toHaveLength(1);
    await put(sleeper.id, { email: { friends: "off" } });
    await sendHeldMails(Date.now() + 2 * 3_600_000);
    expect(await heldFor()).toHaveLength(0);
    await expectNoMail(sleeper.email);

    // Nor for an account deleted meanwhile, even while its quiet hours still run.
    await put(sleeper.id, { email: { friends: "immediate" } });
    await sendFriendRequest({ id: (await createUser({ name: "Sara Parent" })).id, tokenVersion: 0 }, sleeper.id);
    while ((await heldFor()).length < 1 && Date.now() < deadline + 10_000) await new Promise((r) => setTimeout(r, 50));
    expect(await heldFor()).toHaveLength(1);
    await getDb().update(schema.users).set({ deletedAt: Date.now() }).where(eq(schema.users.id, sleeper.id));
    await sendHeldMails(Date.now());
    expect(await heldFor()).toHaveLength(0);
    await expectNoMail(sleeper.email);
  });
});
