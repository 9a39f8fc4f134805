import { strFromU8, unzipSync } from "fflate";
import { queryD1, queryD1Many } from "./d1";
import { DEMO_PASSWORD, expect, test } from "./support";

/**
 * The demo parent's "Download my data" (issue 26 item 5, decision 162), checked entry by entry
 * against the end-to-end server's database (read as demo-data.spec.ts does, tests/e2e/d1.ts), and
 * nothing in it that someone else wrote. Through the API, so it runs once, with JavaScript.
 */
const STATE = ".wrangler/e2e-state";
const PARENT = "parent@demo.schoolhub.test";

const query = <Row>(sql: string) => queryD1<Row>(STATE, sql);

type Entry = Record<string, unknown>;
const ids = (rows: Entry[], key = "id") => rows.map((row) => Number(row[key])).sort((a, b) => a - b);

test("the demo parent's ZIP matches the database, entry by entry, and holds nobody else's words @js-only", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const login = await request.post("/api/v2/auth/login", { data: { identifier: PARENT, password: DEMO_PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  // Other tests write as the demo parent while this one runs: compare what both sides held
  // before the export was asked for (rows made later may or may not be in the ZIP).
  const askedAt = Date.now();
  const before = `created_at < ${askedAt}`;
  const asked = await request.post("/api/v2/export", { headers });
  const { export: made } = (await asked.json()) as { export: { id: string } };
  await expect(async () => {
    const status = (await (await request.get(`/api/v2/export/${made.id}`, { headers })).json()) as {
      export: { status: string };
    };
    expect(status.export.status).toBe("ready");
  }).toPass({ timeout: 60_000 });
  const zip = await request.get(`/api/v2/export/${made.id}`, { headers: { ...headers, Accept: "application/zip" } });
  const entries = unzipSync(new Uint8Array(await zip.body()));
  const json = (kind: string) =>
    (JSON.parse(strFromU8(entries[`${kind}.json`]!)) as Entry[]).filter(
      (entry) => typeof entry.createdAt !== "number" || entry.createdAt < askedAt,
    );

  const [me] = query<{ id: number; email: string; name: string }>(
    `SELECT id, email, name FROM users WHERE email = '${PARENT}'`,
  );
  const id = me!.id;
  expect(json("profile")).toMatchObject([{ id, email: PARENT, name: me!.name }]);

  // The rest of the parent's rows, from one state of the database (tests/e2e/d1.ts).
  const [
    posts = [],
    comments = [],
    messages = [],
    inbox = [],
    events = [],
    rsvps = [],
    friends = [],
    memberships = [],
    othersRows = [],
    emailRows = [],
  ] = queryD1Many(STATE, [
    `SELECT id, body, images FROM posts WHERE author_id = ${id} AND ${before}`,
    `SELECT id, body FROM comments WHERE author_id = ${id} AND ${before}`,
    `SELECT id, content FROM messages WHERE sender_id = ${id} AND ${before}`,
    `SELECT id FROM mail_messages WHERE sender_id = ${id} AND ${before}`,
    `SELECT id FROM events WHERE created_by = ${id} AND ${before}`,
    `SELECT 1 FROM event_rsvps WHERE user_id = ${id}`,
    `SELECT CASE WHEN requester_id = ${id} THEN addressee_id ELSE requester_id END AS userId FROM friendships
       WHERE (requester_id = ${id} OR addressee_id = ${id}) AND ${before}`,
    `SELECT community_id AS communityId FROM community_members WHERE user_id = ${id} AND ${before}`,
    `SELECT body AS text FROM posts WHERE author_id != ${id} AND community_id IN (SELECT community_id FROM community_members WHERE user_id = ${id})
       UNION ALL SELECT body FROM comments WHERE author_id != ${id} AND post_id IN (SELECT id FROM posts WHERE author_id = ${id})
       UNION ALL SELECT content FROM messages WHERE sender_id != ${id} AND conversation_id IN (SELECT conversation_id FROM conversation_participants WHERE user_id = ${id})`,
    `SELECT email FROM users WHERE id != ${id}`,
  ]);
  expect(ids(json("posts"))).toEqual(ids(posts));
  for (const post of json("posts")) {
    const row = posts.find((one) => one.id === post.id)!;
    expect(post.body).toBe(row.body);
    const stored = JSON.parse(String(row.images ?? "[]")) as { key: string }[];
    expect((post.images as string[]).length).toBe(stored.length);
    for (const path of post.images as string[]) expect(entries[path]?.length).toBeGreaterThan(0);
  }
  expect(ids(json("comments"))).toEqual(ids(comments));
  expect(ids(json("messages"))).toEqual(ids(messages));
  for (const message of json("messages"))
    expect(message.content).toBe(messages.find((one) => one.id === message.id)!.content);
  expect(ids(json("inbox"))).toEqual(ids(inbox));
  expect(ids(json("events"))).toEqual(ids(events));
  expect(json("rsvps")).toHaveLength(rsvps.length);
  expect(ids(json("friends"), "userId")).toEqual(ids(friends, "userId"));
  expect(ids(json("memberships"), "communityId")).toEqual(ids(memberships, "communityId"));

  // Nothing anyone else wrote: not a word of their posts, comments or messages in the parent's communities and chats.
  const everything = Object.values(entries)
    .map((bytes) => strFromU8(bytes, true))
    .join("\n");
  // A phrase the parent wrote too ("Thank you for sharing!") is theirs as well.
  const ownTexts = new Set(
    [...posts, ...comments].map((row) => String(row.body)).concat(messages.map((row) => String(row.content))),
  );
  const others = (othersRows as { text: string }[]).filter((row) => row.text.length > 12 && !ownTexts.has(row.text));
  expect(others.length).toBeGreaterThan(0);
  for (const row of others) expect(everything).not.toContain(JSON.stringify(row.text).slice(1, -1));
  for (const row of emailRows as { email: string }[]) expect(everything).not.toContain(row.email);
});
