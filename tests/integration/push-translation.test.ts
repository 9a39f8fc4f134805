import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sendMessage } from "~/server/chat/message-writes.server";
import { getDb, schema } from "~/server/db/db.server";
import { twoFriends } from "./chat-support";
import { subscribe } from "./push-subscribe";
import { decrypt, installFakePushService, newDevice, pushesTo } from "./push-support";

beforeAll(installFakePushService);

const setLocale = (userId: number, locale: string) =>
  getDb().update(schema.users).set({ locale }).where(eq(schema.users.id, userId));

async function chat(from: { id: number }, to: { id: number }, content: string) {
  const sent = await sendMessage(
    { id: from.id, tokenVersion: 0 },
    { toUserId: to.id },
    { content, clientMsgId: crypto.randomUUID() },
  );
  if (sent.status !== "ok") throw new Error(sent.status);
  return sent.message;
}

describe("pushes in the reader's language (issue 24 item 5)", () => {
  it("a message in Spanish reaches a Vietnamese parent's phone translated and marked; the chat opens the original", async () => {
    const { a, b } = await twoFriends();
    await setLocale(b.id, "vi");
    const phone = await newDevice();
    await subscribe(b.id, phone);
    const text = `La excursión al museo es el viernes, traigan almuerzo ${crypto.randomUUID().slice(0, 8)}.`;
    const message = await chat(a, b, text);
    const [push] = await pushesTo([phone.endpoint], 1);
    const payload = (await decrypt(phone, push!)) as { body: string; url: string };
    const [translated, mark] = payload.body.split("\n");
    expect(translated).toBe(`[es→vi] ${text}`);
    expect(mark).toMatch(/^Dịch từ .*Tây Ban Nha$/i);
    expect(payload.url).toBe(`${env.APP_ORIGIN}/chat/${message.conversationId}`);
  });

  it("a reader of the message's own language gets it as written, unmarked", async () => {
    const { a, b } = await twoFriends();
    await setLocale(b.id, "es");
    const phone = await newDevice();
    await subscribe(b.id, phone);
    const text = `Mañana no hay clases por la nieve ${crypto.randomUUID().slice(0, 8)}, quédense en casa.`;
    await chat(a, b, text);
    const [push] = await pushesTo([phone.endpoint], 1);
    expect(((await decrypt(phone, push!)) as { body: string }).body).toBe(text);
  });
});
