import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sendMessage } from "~/server/chat/message-writes.server";
import { createPost } from "~/server/content/posts.server";
import { getDb, schema } from "~/server/db/db.server";
import { DIGEST_USERS_PER_JOB, runDigestsNow } from "~/server/notifications/digest-run.server";
import { twoFriends } from "./chat-support";
import { addMember, cast } from "./communities-support";
import { createUser } from "./helpers";
import { put, setLocale } from "./mail-support";
import { waitForMail } from "./outbox-support";

/**
 * Digests in the reader's language (issue 24 item 5, decision 184): each post or chat message a
 * digest lists reaches a reader of another language translated (the fake Workers AI binding,
 * scripts/fake-ai/worker.mjs, with the binding's real call shape), marked "Translated from …"
 * with the original beside it; translated once per language for everyone due, cached, and without
 * a D1 round trip per reader.
 */
const HOUR = 3_600_000;
/** Mail comes through the queue: on a busy machine, later than the helper's default. */
const SLOW = { timeoutMs: 40_000 };
type FakeCall = { model: string; text: string; source_lang: string; target_lang: string };
const fakeAi = (env as unknown as { FAKE_AI_LOG: { calls(): Promise<FakeCall[]> } }).FAKE_AI_LOG;
const callsFor = async (text: string) => (await fakeAi.calls()).filter((call) => call.text === text);
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const unique = () => Math.random().toString(36).slice(2, 8);

/**
 * An instant at the top of an hour, `ahead` hours on, such that neither it nor the hour after is
 * 07:00 UTC: the default digest hour of everyone else these tests make (no settings row).
 */
function hourAhead(ahead: number) {
  const at = Math.ceil(Date.now() / HOUR) * HOUR + ahead * HOUR;
  return [6, 7].includes(new Date(at).getUTCHours()) ? at + 12 * HOUR : at;
}

async function digestAt(userId: number, at: number, locale: string, email: Record<string, string>) {
  await setLocale(userId, locale);
  await getDb().update(schema.users).set({ timeZone: "UTC" }).where(eq(schema.users.id, userId));
  await put(userId, { digestHour: new Date(at).getUTCHours(), email: { friends: "off", ...email } });
}

// The detector's first load and a hundred mails through the queue: more than the default 20 s.
describe("digests in the reader's language (issue 24 item 5)", { timeout: 120_000 }, () => {
  it("a Vietnamese parent's digest carries the Spanish post and chat message translated, marked, with the original", async () => {
    const at = hourAhead(1);
    const { member, community } = await cast();
    const { a: writer, b: vi } = await twoFriends();
    const vi2 = await createUser({ name: "Vy Second" });
    const es = await createUser({ name: "Eva Spanish" });
    const en = await createUser({ name: "Ed English" });
    for (const one of [vi, vi2, es, en]) await addMember(community.id, one.id);
    await digestAt(vi.id, at, "vi", { posts: "daily", chat: "daily" });
    await digestAt(vi2.id, at, "vi", { posts: "daily" });
    await digestAt(es.id, at, "es", { posts: "daily" });
    await digestAt(en.id, at, "en", { posts: "daily" });

    const text = `La excursión al museo es el viernes, traigan almuerzo ${unique()}.`;
    const made = await createPost({ id: member.id, tokenVersion: 0 }, community.id, text);
    if (made.status !== "published") throw new Error(made.status);
    const said = `Mañana no hay clases por la nieve, quédense en casa ${unique()}.`;
    const sent = await sendMessage(
      { id: writer.id, tokenVersion: 0 },
      { toUserId: vi.id },
      { content: said, clientMsgId: crypto.randomUUID() },
    );
    if (sent.status !== "ok") throw new Error(sent.status);

    const run = await runDigestsNow(at, env.APP_ORIGIN);
    // Who is due, one job for all of them, and one write of the new translations: not one per reader.
    expect(run.jobs).toBe(1);
    expect(run.roundTrips).toBe(3);
    const link = `${env.APP_ORIGIN}/content/${made.id}`;

    const posts = (await waitForMail(vi.email, { count: 2, ...SLOW })).find((mail) => mail.text.includes(link))!;
    expect(posts.subject).toBe("Bản tin hằng ngày: 1 mục mới trong bài đăng trong cộng đồng của bạn");
    expect(posts.text).toContain("Milo Member trong ");
    expect(posts.text).toContain(`[es→vi] ${text}\n${link}`);
    expect(posts.text).toMatch(new RegExp(`Dịch từ [^.]*Tây Ban Nha\\. Bản gốc: “${escaped(text)}”`, "i"));
    expect(posts.html).toContain(`[es→vi] ${text}`);
    const chat = (await waitForMail(vi.email, { count: 2, ...SLOW })).find((mail) => mail.text.includes("/chat/"))!;
    expect(chat.text).toContain(`Ada Parent: [es→vi] ${said}\n${env.APP_ORIGIN}/chat/${sent.message.conversationId}`);
    expect(chat.text).toMatch(/Dịch từ [^.]*Tây Ban Nha\. Bản gốc: “Mañana no hay clases/i);

    // The second Vietnamese reader shares the one translation into Vietnamese.
    const [second] = await waitForMail(vi2.email, SLOW);
    expect(second!.text).toContain(`[es→vi] ${text}`);
    // The Spanish reader reads it as written, unmarked; the English one, translated into English.
    const [spanish] = await waitForMail(es.email, SLOW);
    expect(spanish!.text).toContain(`${text}\n${link}`);
    expect(spanish!.text).not.toContain("Traducido");
    const [english] = await waitForMail(en.email, SLOW);
    expect(english!.text).toContain(`[es→en] ${text}`);
    expect(english!.text).toContain(`Translated from Spanish. Original: “${text}”`);
    const asked = await callsFor(text);
    expect(asked.map((call) => call.target_lang).sort()).toEqual(["en", "vi"]);
    expect(asked.every((call) => call.source_lang === "es")).toBe(true);

    // Another Vietnamese reader's digest, an hour later: from the cache, no new call, no write.
    const later = await createUser({ name: "Vu Later" });
    await addMember(community.id, later.id);
    await digestAt(later.id, at + HOUR, "vi", { posts: "daily" });
    const next = await runDigestsNow(at + HOUR, env.APP_ORIGIN);
    expect(next.roundTrips).toBe(2);
    const [cached] = await waitForMail(later.email, SLOW);
    expect(cached!.text).toContain(`[es→vi] ${text}`);
    expect(await callsFor(text)).toHaveLength(2);
  });

  it("a hundred and thirty Vietnamese readers: one translation, written once, no round trip per reader", async () => {
    const at = hourAhead(5);
    const { member, community } = await cast();
    const people = DIGEST_USERS_PER_JOB + 30;
    const made = Date.now();
    // As the bench seeds them: people in one statement, each with a settings row and a token.
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO users (email, name, activated_at, email_verified_at, time_zone, locale)
        WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?1 - 1)
        SELECT printf('vi-%d-%d@digest.test', ?2, i), printf('Phụ huynh %d', i), ?2, ?2, 'UTC', 'vi' FROM n`).bind(
        people,
        made,
      ),
      env.DB.prepare(`INSERT INTO community_members (community_id, user_id, role, status)
        SELECT ?1, id, 'member', 'active' FROM users WHERE email LIKE ?2`).bind(community.id, `vi-${made}-%`),
      env.DB.prepare(`INSERT INTO notification_settings (user_id, digest_hour, unsubscribe_token)
        SELECT id, ?1, lower(hex(randomblob(24))) FROM users WHERE email LIKE ?2`).bind(
        new Date(at).getUTCHours(),
        `vi-${made}-%`,
      ),
    ]);
    const text = `La reunión de padres es el martes a las seis ${unique()}.`;
    const post = await createPost({ id: member.id, tokenVersion: 0 }, community.id, text);
    if (post.status !== "published") throw new Error(post.status);

    const run = await runDigestsNow(at, env.APP_ORIGIN);
    expect(run).toMatchObject({ people, jobs: 2, mails: people });
    // Who is due; one per job; one write of the one new translation (the second job reads it).
    expect(run.roundTrips).toBe(1 + 2 + 1);
    expect(await callsFor(text)).toEqual([
      { model: "@cf/meta/m2m100-1.2b", text, source_lang: "es", target_lang: "vi" },
    ]);
    const [mail] = await waitForMail(`vi-${made}-${people - 1}@digest.test`, SLOW);
    expect(mail!.text).toContain(`[es→vi] ${text}`);
  });
});
