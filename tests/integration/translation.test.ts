import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type AiBinding, parseConfig } from "~/server/config.server";
import { updateComment } from "~/server/content/comments.server";
import { createPost, updatePost } from "~/server/content/posts.server";
import { translateContent } from "~/server/content/translation.server";
import { batch, sqlRows } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { detectLanguage } from "~/server/translation/detect.server";
import { translateItem } from "~/server/translation/translations.server";
import { workersAiTranslator } from "~/server/translation/translator.server";
import { addComment } from "./comment-support";
import { addMember, cast } from "./communities-support";
import { browserFor, pageText } from "./settings-support";

/** The fake Workers AI's record of what the app asked (scripts/fake-ai/worker.mjs). */
type FakeCall = { model: string; text: string; source_lang: string; target_lang: string };
const fakeAi = (env as unknown as { FAKE_AI_LOG: { calls(): Promise<FakeCall[]> } }).FAKE_AI_LOG;
async function callsFor(text: string) {
  return (await fakeAi.calls()).filter((call) => call.text === text);
}

/** Translations are cached after the response (waitUntil): wait for the row, bounded. */
async function cachedRows(kind: string, itemId: number) {
  for (let tries = 0; tries < 50; tries += 1) {
    const { rows } = await batch({
      rows: sqlRows<{ textVersion: number; lang: string; text: string }>(sql`
        SELECT text_version AS textVersion, lang, text FROM translations WHERE kind = ${kind} AND item_id = ${itemId}`),
    });
    if (rows.length) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return [];
}

async function itemRow(table: "posts" | "comments", id: number) {
  const { rows } = await batch({
    rows: sqlRows<{ lang: string | null; textVersion: number }>(
      sql`SELECT lang, text_version AS textVersion FROM ${sql.raw(table)} WHERE id = ${id}`,
    ),
  });
  return rows[0];
}

const unique = () => Math.random().toString(36).slice(2, 8);

describe("the language of what people write", () => {
  it("is detected on the server when a post or comment is saved, and an edit bumps its version", async () => {
    const { member, community } = await cast();
    const spanish = await createPost(member, community.id, "Mañana no hay clase por el día festivo, ¡disfruten!");
    const english = await createPost(member, community.id, "Picture day is tomorrow, please wear your best smile.");
    if (spanish.status !== "published" || english.status !== "published") throw new Error("not published");
    expect(await itemRow("posts", spanish.id)).toEqual({ lang: "es", textVersion: 1 });
    expect(await itemRow("posts", english.id)).toEqual({ lang: "en", textVersion: 1 });
    await updatePost(member, english.id, "Hôm nay trường đóng cửa vì ngày lễ.");
    expect(await itemRow("posts", english.id)).toEqual({ lang: "vi", textVersion: 2 });
    const comment = await addComment(member, spanish.id, "شكرا لجميع الآباء الذين تطوعوا في بيع الحلويات");
    expect(await itemRow("comments", comment!.id)).toEqual({ lang: "ar", textVersion: 1 });
    // Too short to tell: no language, so no "See translation".
    expect(await detectLanguage("ok")).toBeNull();
  });
});

describe("translation on request", () => {
  it("asks the translator once per (item, version, language), and again after an edit", async () => {
    const { member, stranger, community } = await cast();
    const text = `Los formularios de la excursión vencen el viernes ${unique()}.`;
    const post = await createPost(member, community.id, text);
    if (post.status !== "published") throw new Error("not published");
    const reader = await browserFor(stranger);

    const first = await reader.get(`/translation/post/${post.id}`);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ text: `[es→en] ${text}`, from: "es" });
    expect(await cachedRows("post", post.id)).toEqual([{ textVersion: 1, lang: "en", text: `[es→en] ${text}` }]);
    const again = await reader.get(`/translation/post/${post.id}`);
    expect(await again.json()).toEqual({ text: `[es→en] ${text}`, from: "es" });
    expect(await callsFor(text)).toEqual([
      { model: "@cf/meta/m2m100-1.2b", text, source_lang: "es", target_lang: "en" },
    ]);

    // Another language is another translation, once too.
    expect(await translateContent(stranger.id, "post", post.id, "vi")).toMatchObject({ status: "translated" });
    await translateContent(stranger.id, "post", post.id, "vi");
    expect((await callsFor(text)).map((call) => call.target_lang).sort()).toEqual(["en", "vi"]);

    // An edit is a new version: asked afresh, and the old version's translations are gone.
    const edited = `${text} ¡Gracias!`;
    await updatePost(member, post.id, edited);
    const after = await reader.get(`/translation/post/${post.id}`);
    expect(await after.json()).toEqual({ text: `[es→en] ${edited}`, from: "es" });
    expect(await callsFor(edited)).toHaveLength(1);
    const rows = await cachedRows("post", post.id);
    expect(rows.every((row) => row.textVersion === 2)).toBe(true);
  });

  it("translates comments once per version too, and only for whoever may see the post", async () => {
    const { owner, member, stranger, community } = await cast({ joinPolicy: "invite" });
    const post = await createPost(owner, community.id, "Reminder: the library is open late on Thursday.");
    if (post.status !== "published") throw new Error("not published");
    const text = `Mi hijo no podrá asistir a clase hoy porque está enfermo ${unique()}.`;
    const comment = await addComment(member, post.id, text);
    expect(await translateContent(owner.id, "comment", comment!.id, "en")).toEqual({
      status: "translated",
      translation: { text: `[es→en] ${text}`, from: "es" },
    });
    await cachedRows("comment", comment!.id);
    await translateContent(owner.id, "comment", comment!.id, "en");
    expect(await callsFor(text)).toHaveLength(1);
    // A stranger may not see the private community's post: nothing to translate, nothing asked.
    expect(await translateContent(stranger.id, "comment", comment!.id, "en")).toEqual({ status: "not_found" });
    const outsider = await browserFor(stranger);
    expect((await outsider.get(`/translation/comment/${comment!.id}`)).status).toBe(404);
    // A kind that only Object's prototype has is no kind: not found, not a failed translation.
    for (const kind of ["constructor", "toString", "__proto__"])
      expect((await outsider.get(`/translation/${kind}/${comment!.id}`)).status).toBe(404);
    const edited = `${text} Gracias.`;
    await updateComment(member, comment!.id, edited);
    await translateContent(owner.id, "comment", comment!.id, "en");
    expect(await callsFor(edited)).toHaveLength(1);
  });

  it("offers nothing for the reader's own language, and nothing without a configured translator", async () => {
    const { member, stranger, community } = await cast();
    const text = `Thanks to all the parents who volunteered at the bake sale ${unique()}.`;
    const post = await createPost(member, community.id, text);
    if (post.status !== "published") throw new Error("not published");
    const reader = await browserFor(stranger);
    expect((await reader.get(`/translation/post/${post.id}`)).status).toBe(404);
    expect(await callsFor(text)).toEqual([]);
    // No `AI` binding (wrangler.toml's [ai] left out): the configuration says so and nothing is asked.
    expect(parseConfig({ SESSION_SECRET: "s".repeat(32), JWT_SECRET: "j".repeat(32) }).AI).toBeUndefined();
    const item = { kind: "post" as const, id: post.id, version: 1, text: "Hola a todos", lang: "es" };
    expect(await translateItem(item, "en", [], null)).toEqual({ status: "unavailable" });
  });
});

describe("the Workers AI translator", () => {
  it("sends a long text paragraph by paragraph in the model's shape, and keeps the line breaks", async () => {
    const translator = workersAiTranslator((env as unknown as { AI: AiBinding }).AI);
    const tag = unique();
    const paragraph = (n: number) => `Párrafo ${n} ${tag} ${"palabras de la escuela ".repeat(40)}`.trim();
    const text = `${paragraph(1)}\n\n${paragraph(2)}\n${paragraph(3)}`;
    const translated = await translator.translate(text, "es", "vi");
    expect(translated).toBe(`[es→vi] ${paragraph(1)}\n\n[es→vi] ${paragraph(2)}\n[es→vi] ${paragraph(3)}`);
    for (const n of [1, 2, 3]) expect(await callsFor(paragraph(n))).toHaveLength(1);
  });
});

describe("See translation on the pages", () => {
  it("shows the button under other languages only, and the translation on the post's page without JavaScript", async () => {
    const { member, stranger, community } = await cast();
    const text = `¿Alguien puede traer bocadillos para el partido del sábado? ${unique()}`;
    const spanish = await createPost(member, community.id, text);
    const english = await createPost(member, community.id, "Great game today, see you all on Saturday!");
    if (spanish.status !== "published" || english.status !== "published") throw new Error("not published");
    const reader = await browserFor(stranger);
    await addMember(community.id, stranger.id);

    const page = await (await reader.get(`/communities/${community.id}`)).text();
    const link = `/content/${spanish.id}?translate=post#post-${spanish.id}`;
    expect(page).toContain(`href="${link}"`);
    expect(page).not.toContain(`/content/${english.id}?translate=post`);
    expect(page.match(/See translation/g)).toHaveLength(1);

    const translated = await reader.get(`/content/${spanish.id}?translate=post`);
    expect(Number(translated.headers.get("X-D1-Round-Trips"))).toBe(1);
    const html = await pageText(translated);
    expect(html).toContain(`[es→en] ${text}`);
    expect(html).toContain("Translated from Spanish");
    expect(html).toContain("See original");
  });

  it("follows the reader's account language: a Spanish reader is offered the English post, in Spanish", async () => {
    const { member, stranger, community } = await cast();
    const english = `The school play is on Friday at six, everyone is welcome ${unique()}.`;
    const spanish = await createPost(member, community.id, `La obra de teatro es el viernes a las seis ${unique()}.`);
    const post = await createPost(member, community.id, english);
    if (post.status !== "published" || spanish.status !== "published") throw new Error("not published");
    await addMember(community.id, stranger.id);
    await getDb().update(schema.users).set({ locale: "es" }).where(eq(schema.users.id, stranger.id));
    const reader = await browserFor(stranger);
    const page = await (await reader.get(`/communities/${community.id}`)).text();
    expect(page).toContain(`/content/${post.id}?translate=post`);
    expect(page).not.toContain(`/content/${spanish.id}?translate=post`);
    expect(page).toContain("Ver traducción");
    const shown = await pageText(await reader.get(`/content/${post.id}?translate=post`));
    expect(shown).toContain(`[en→es] ${english}`);
    expect(shown).toContain("Traducido del inglés");
  });
});
