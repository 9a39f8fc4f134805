import { spawnSync } from "node:child_process";
import { strFromU8, unzipSync } from "fflate";
import { DEMO_PASSWORD, expect, test } from "./support";

/**
 * The demo parent's "Download my data" (issue 26 item 5, decision 162), checked entry by entry
 * against the end-to-end server's database (read with wrangler, as demo-data.spec.ts does), and
 * nothing in it that someone else wrote. Through the API, so it runs once, with JavaScript.
 */
const STATE = ".wrangler/e2e-state";
const PARENT = "parent@demo.schoolhub.test";

function query<Row>(sql: string): Row[] {
  const result = spawnSync(
    "node_modules/.bin/wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", STATE, "--json", "--command", sql],
    { encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
  );
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed:\n${result.stderr}`);
  return JSON.parse(result.stdout)[0].results as Row[];
}

type Entry = Record<string, unknown>;
const ids = (rows: Entry[], key = "id") => rows.map((row) => Number(row[key])).sort((a, b) => a - b);

test("the demo parent's ZIP matches the database, entry by entry, and holds nobody else's words @js-only", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const login = await request.post("/api/v2/auth/login", { data: { identifier: PARENT, password: DEMO_PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
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
  const json = (kind: string) => JSON.parse(strFromU8(entries[`${kind}.json`]!)) as Entry[];

  const [me] = query<{ id: number; email: string; name: string }>(
    `SELECT id, email, name FROM users WHERE email = '${PARENT}'`,
  );
  const id = me!.id;
  expect(json("profile")).toMatchObject([{ id, email: PARENT, name: me!.name }]);

  const posts = query<Entry>(`SELECT id, body, images FROM posts WHERE author_id = ${id}`);
  expect(ids(json("posts"))).toEqual(ids(posts));
  for (const post of json("posts")) {
    const row = posts.find((one) => one.id === post.id)!;
    expect(post.body).toBe(row.body);
    const stored = JSON.parse(String(row.images ?? "[]")) as { key: string }[];
    expect((post.images as string[]).length).toBe(stored.length);
    for (const path of post.images as string[]) expect(entries[path]?.length).toBeGreaterThan(0);
  }
  const comments = query<Entry>(`SELECT id, body FROM comments WHERE author_id = ${id}`);
  expect(ids(json("comments"))).toEqual(ids(comments));
  const messages = query<Entry>(`SELECT id, content FROM messages WHERE sender_id = ${id}`);
  expect(ids(json("messages"))).toEqual(ids(messages));
  for (const message of json("messages"))
    expect(message.content).toBe(messages.find((one) => one.id === message.id)!.content);
  expect(ids(json("inbox"))).toEqual(ids(query<Entry>(`SELECT id FROM mail_messages WHERE sender_id = ${id}`)));
  expect(ids(json("events"))).toEqual(ids(query<Entry>(`SELECT id FROM events WHERE created_by = ${id}`)));
  expect(json("rsvps")).toHaveLength(query<Entry>(`SELECT 1 FROM event_rsvps WHERE user_id = ${id}`).length);
  const friends = query<Entry>(
    `SELECT CASE WHEN requester_id = ${id} THEN addressee_id ELSE requester_id END AS userId FROM friendships
     WHERE requester_id = ${id} OR addressee_id = ${id}`,
  );
  expect(ids(json("friends"), "userId")).toEqual(ids(friends, "userId"));
  const memberships = query<Entry>(`SELECT community_id AS communityId FROM community_members WHERE user_id = ${id}`);
  expect(ids(json("memberships"), "communityId")).toEqual(ids(memberships, "communityId"));

  // Nothing anyone else wrote: not a word of their posts, comments or messages in the parent's communities and chats.
  const everything = Object.values(entries)
    .map((bytes) => strFromU8(bytes, true))
    .join("\n");
  // A phrase the parent wrote too ("Thank you for sharing!") is theirs as well.
  const ownTexts = new Set(
    [...posts, ...comments].map((row) => String(row.body)).concat(messages.map((row) => String(row.content))),
  );
  const others = query<{ text: string }>(
    `SELECT body AS text FROM posts WHERE author_id != ${id} AND community_id IN (SELECT community_id FROM community_members WHERE user_id = ${id})
     UNION ALL SELECT body FROM comments WHERE author_id != ${id} AND post_id IN (SELECT id FROM posts WHERE author_id = ${id})
     UNION ALL SELECT content FROM messages WHERE sender_id != ${id} AND conversation_id IN (SELECT conversation_id FROM conversation_participants WHERE user_id = ${id})`,
  ).filter((row) => row.text.length > 12 && !ownTexts.has(row.text));
  expect(others.length).toBeGreaterThan(0);
  for (const row of others) expect(everything).not.toContain(JSON.stringify(row.text).slice(1, -1));
  const emails = query<{ email: string }>(`SELECT email FROM users WHERE id != ${id}`);
  for (const row of emails) expect(everything).not.toContain(row.email);
});
