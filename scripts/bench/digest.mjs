// The digest run (issue 23 item 5, decision 171): DIGEST.users people in one community, each with
// a daily digest due at the same hour, and a few posts they have not seen; POST /__dev/digests
// runs that hour's digests in one request (every job inline) and answers its time and D1 round
// trips (also X-D1-Round-Trips, the bench serves with COUNT_D1). Mails still go through the queue.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bin, run } from "../lib/local.mjs";

export const DIGEST = { users: 10_000, posts: 5, timeoutMs: 5 * 60_000 };
const HOUR = 3_600_000;

/** The run's instant: the next top of the hour (the seeded posts are from the hour before). */
const runAt = () => Math.ceil(Date.now() / HOUR) * HOUR;

/** Adds the digest's people before the database is served (one community, one settings row each). */
export function seedDigestUsers(persistTo) {
  const at = runAt();
  const hour = new Date(at).getUTCHours();
  const now = Date.now();
  const sql = [
    `INSERT INTO users (email, username, name, activated_at, email_verified_at, time_zone)
      WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${DIGEST.users - 1})
      SELECT printf('bench-digest-%d@bench.test', i), printf('bench_digest_%d', i), printf('Bench Parent %d', i),
        ${now}, ${now}, 'UTC' FROM n;`,
    `INSERT INTO communities (slug, name, category, owner_id)
      SELECT 'bench-digest', 'Bench Digest School', 'school', id FROM users WHERE email = 'bench-digest-0@bench.test';`,
    `INSERT INTO community_members (community_id, user_id, role, status)
      SELECT c.id, u.id, CASE WHEN u.email = 'bench-digest-0@bench.test' THEN 'owner' ELSE 'member' END, 'active'
      FROM communities c, users u WHERE c.slug = 'bench-digest' AND u.email LIKE 'bench-digest-%@bench.test';`,
    `INSERT INTO notification_settings (user_id, digest_hour, unsubscribe_token)
      SELECT id, ${hour}, lower(hex(randomblob(24))) FROM users WHERE email LIKE 'bench-digest-%@bench.test';`,
    ...Array.from(
      { length: DIGEST.posts },
      (_, k) => `INSERT INTO posts (community_id, author_id, body, created_at)
        SELECT c.id, c.owner_id, 'Bench digest post ${k}: the bus schedule changes next week.', ${now - HOUR + k * 1000}
        FROM communities c WHERE c.slug = 'bench-digest';`,
    ),
  ];
  const file = join(mkdtempSync(join(tmpdir(), "bench-digest-")), "digest.sql");
  writeFileSync(file, `${sql.join("\n")}\n`);
  run(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file]);
}

/** One run of the hour's digests: its time, D1 round trips, people and mails. */
export async function digestRun(origin) {
  const response = await fetch(`${origin}/__dev/digests`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ at: String(runAt()) }),
    signal: AbortSignal.timeout(DIGEST.timeoutMs),
  });
  if (!response.ok) throw new Error(`POST /__dev/digests answered ${response.status}`);
  const body = await response.json();
  const row = {
    people: body.people,
    jobs: body.jobs,
    mails: body.mails,
    ms: body.ms,
    roundTrips: body.roundTrips,
    roundTripsCounted: Number(response.headers.get("X-D1-Round-Trips") ?? Number.NaN),
  };
  console.log(
    `  ${row.people} people due, ${row.mails} mails, ${row.ms} ms, ${row.roundTripsCounted} D1 round trips (${row.jobs} jobs)`,
  );
  return [row];
}

export function digestReport(rows) {
  const lines = [
    "| people due | digest mails | jobs | time (ms) | D1 round trips |",
    "| ---: | ---: | ---: | ---: | ---: |",
    ...rows.map((r) => `| ${r.people} | ${r.mails} | ${r.jobs} | ${r.ms} | ${r.roundTripsCounted} |`),
  ];
  return `### Digest run (${DIGEST.users.toLocaleString("en-US")} seeded people, decision 171)\n\n${lines.join("\n")}`;
}
