import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sendMessage } from "~/server/chat/chat.server";
import { createPost } from "~/server/content/posts.server";
import { getDb, schema } from "~/server/db/db.server";
import { updateEvent } from "~/server/events/events.server";
import { apiTranslator } from "~/server/http/json.server";
import { markedText, recipientTexts, recipientTextsByUser } from "~/server/translation/recipient-text.server";
import { clientId, twoFriends } from "./chat-support";
import { actorOf, cast } from "./communities-support";
import { communityWithPeople, cookieOf as eventCookieOf, eventInput, eventOf } from "./events-support";
import { createUser, fetchApp, signIn } from "./helpers";
import { compose, page, people, sentId } from "./inbox-support";
import { pageText } from "./settings-support";

/** The fake Workers AI's record of what the app asked (scripts/fake-ai/worker.mjs). */
type FakeCall = { text: string; source_lang: string; target_lang: string };
const fakeAi = (env as unknown as { FAKE_AI_LOG: { calls(): Promise<FakeCall[]> } }).FAKE_AI_LOG;
const callsFor = async (text: string) => (await fakeAi.calls()).filter((call) => call.text === text);
const unique = () => Math.random().toString(36).slice(2, 8);

// Whole pages on a busy machine, and the detector's first load: more than the default 20 s.
describe("See translation beyond posts (decision 150)", { timeout: 60_000 }, () => {
  it("an event's description: the page offers it and shows it with ?translate=description; an edit asks again", async () => {
    const { community, manager, member } = await communityWithPeople();
    const description = `Traigan comida para compartir y sillas para todos ${unique()}.`;
    const eventId = await eventOf(manager.id, community.id, { description });
    const cookie = await eventCookieOf(member);
    const plain = await pageText(await fetchApp(`/calendar/events/${eventId}`, { headers: { Cookie: cookie } }));
    expect(plain).toContain(description);
    expect(plain).toContain("See translation");
    const shown = await fetchApp(`/calendar/events/${eventId}?translate=description`, { headers: { Cookie: cookie } });
    expect(Number(shown.headers.get("X-D1-Round-Trips"))).toBe(1);
    const html = await pageText(shown);
    expect(html).toContain(`[es→en] ${description}`);
    expect(html).toContain("Translated from Spanish");
    expect(await callsFor(description)).toHaveLength(1);

    // A new description is a new version; an unchanged one keeps its translation.
    const edited = `${description} ¡Gracias!`;
    expect((await updateEvent(await actorOf(manager.id), eventId, eventInput({ description: edited }))).ok).toBe(true);
    await fetchApp(`/calendar/events/${eventId}?translate=description`, { headers: { Cookie: cookie } });
    expect(await callsFor(edited)).toHaveLength(1);
  });

  it("an inbox message: its thread shows it translated with ?translate=mail-{id}, for those who hold it only", async () => {
    const { ada, ben, dev } = await people();
    const body = `Mi hija no irá a la escuela mañana porque tiene una cita con el médico ${unique()}.`;
    const id = sentId(await compose(ada, { to: `@${ben.username}`, subject: "Mañana", body }));
    const plain = await pageText(await page(ben, `/messagesold/${id}`));
    expect(plain).toContain("See translation");
    const html = await pageText(await page(ben, `/messagesold/${id}?translate=mail-${id}`));
    expect(html).toContain(`[es→en] ${body}`);
    expect(html).toContain("Translated from Spanish");
    // Someone without a copy gets nothing, and nothing is asked for them.
    expect((await page(dev, `/messagesold/${id}?translate=mail-${id}`)).status).toBe(404);
    expect(await callsFor(body)).toHaveLength(1);
  });
});

describe("chat messages (decision 150)", () => {
  it("offer See translation to the others, fetched as JSON or shown with ?translate=message-{id}, participants only", async () => {
    const { a, b } = await twoFriends();
    const content = `¿Alguien sabe a qué hora empieza el partido del sábado? ${unique()}`;
    const sent = await sendMessage(
      { id: a.id, tokenVersion: 0 },
      { toUserId: b.id },
      { content, clientMsgId: clientId() },
    );
    if (sent.status !== "ok") throw new Error(sent.status);
    const { id, conversationId } = sent.message;
    expect(sent.message.lang).toBe("es");
    const cookie = await signIn(b.email, b.password);
    const plain = await (await fetchApp(`/chat/${conversationId}`, { headers: { Cookie: cookie } })).text();
    expect(plain).toContain(`href="/chat/${conversationId}?translate=message-${id}#message-${id}"`);
    const shown = await fetchApp(`/chat/${conversationId}?translate=message-${id}`, { headers: { Cookie: cookie } });
    expect(Number(shown.headers.get("X-D1-Round-Trips"))).toBe(1);
    const html = await pageText(shown);
    expect(html).toContain(`[es→en] ${content}`);
    expect(html).toContain("Translated from Spanish");
    const json = await fetchApp(`/translation/message/${id}`, { headers: { Cookie: cookie } });
    expect(await json.json()).toEqual({ text: `[es→en] ${content}`, from: "es" });
    expect(await callsFor(content)).toHaveLength(1);
    // Someone outside the conversation: 404, nothing asked.
    const outsider = await createUser();
    const refused = await fetchApp(`/translation/message/${id}`, {
      headers: { Cookie: await signIn(outsider.email, outsider.password) },
    });
    expect(refused.status).toBe(404);
  });
});

describe("a recipient's text for pushes and e-mails (issue 24 item 5)", () => {
  it("is translated into each recipient's language once, marked, with the original beside it", async () => {
    const { member, community } = await cast();
    const text = `La excursión al museo es el viernes, traigan almuerzo ${unique()}.`;
    const post = await createPost(member, community.id, text);
    if (post.status !== "published") throw new Error("not published");
    const texts = await recipientTexts({ kind: "post", id: post.id }, ["vi", "en", "es", "vi"]);
    expect(texts?.get("vi")).toMatchObject({ text: `[es→vi] ${text}`, original: text });
    expect(texts?.get("vi")?.translatedFrom?.code).toBe("es");
    expect(texts?.get("en")).toEqual({
      text: `[es→en] ${text}`,
      translatedFrom: { code: "es", name: "Spanish" },
      original: text,
    });
    // The writer's own language: the original, unmarked.
    expect(texts?.get("es")).toEqual({ text, translatedFrom: null, original: text });
    expect((await callsFor(text)).map((call) => call.target_lang).sort()).toEqual(["en", "vi"]);
    // A deleted or unknown item: nothing.
    expect(await recipientTexts({ kind: "post", id: 999_999_999 }, ["vi"])).toBeNull();
  });

  it("per user, in each account's language: a Vietnamese-speaking parent gets the translation, marked", async () => {
    const { a, b } = await twoFriends();
    const parent = await createUser({ name: "Phụ huynh" });
    await getDb().update(schema.users).set({ locale: "vi" }).where(eq(schema.users.id, parent.id));
    await getDb().update(schema.users).set({ locale: "es" }).where(eq(schema.users.id, b.id));
    const content = `Mañana no hay clases por la reunión de maestros ${unique()}.`;
    const sent = await sendMessage(
      { id: a.id, tokenVersion: 0 },
      { toUserId: b.id },
      { content, clientMsgId: clientId() },
    );
    if (sent.status !== "ok") throw new Error(sent.status);
    const texts = await recipientTextsByUser({ kind: "message", id: sent.message.id }, [parent.id, b.id]);
    expect(texts?.get(parent.id)?.text).toBe(`[es→vi] ${content}`);
    expect(texts?.get(b.id)).toEqual({ text: content, translatedFrom: null, original: content });
    expect(markedText(texts!.get(b.id)!, apiTranslator())).toBe(content);
    const english = { text: "[es→en] hi", translatedFrom: { code: "es", name: "Spanish" }, original: "hola" };
    expect(markedText(english, apiTranslator())).toBe("[es→en] hi\nTranslated from Spanish");
    expect(await callsFor(content)).toHaveLength(1);
  });
});
