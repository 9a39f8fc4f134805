import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createPost } from "~/server/content/posts.server";
import { getDb, schema } from "~/server/db/db.server";
import { addMember, cast } from "./communities-support";
import { createUser } from "./helpers";
import { createSchool } from "./schools-support";
import { browserFor } from "./settings-support";

/**
 * Rows read must not grow with the data (issue 27, decision 167): every statement the busiest
 * pages run is planned by SQLite here, and none may scan a table that grows with a district's
 * use, nor sort one in a temporary B-tree for its ORDER BY. This file's isolate hands the
 * Worker a D1 that records each statement with its values (set before the first request reads
 * the binding, as mail-later.test.ts sets the mail transport), then asks SQLite for the plan.
 */
type Recorded = { sql: string; params: unknown[] };
const recorded: Recorded[] = [];
const real = env.DB;

class RecordingStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    readonly sql: string,
    readonly params: unknown[] = [],
  ) {}
  bind(...values: unknown[]) {
    return new RecordingStatement(this.inner.bind(...values), this.sql, values);
  }
  private note() {
    recorded.push({ sql: this.sql, params: this.params });
  }
  first(column?: string) {
    this.note();
    return column === undefined ? this.inner.first() : this.inner.first(column);
  }
  run() {
    this.note();
    return this.inner.run();
  }
  all() {
    this.note();
    return this.inner.all();
  }
  raw(options?: { columnNames?: boolean }) {
    this.note();
    return options?.columnNames ? this.inner.raw({ columnNames: true }) : this.inner.raw();
  }
}

/** Records what goes through `target` (the database, or a request's D1 session, decision 168). */
function recording(target: D1Database | D1DatabaseSession) {
  return {
    prepare: (sql: string) => new RecordingStatement(target.prepare(sql), sql),
    batch: (statements: RecordingStatement[]) => {
      for (const statement of statements) recorded.push({ sql: statement.sql, params: statement.params });
      return target.batch(statements.map((statement) => statement.inner));
    },
  };
}

const recordingD1 = {
  ...recording(real),
  exec: (sql: string) => real.exec(sql),
  withSession: (constraint?: string) => {
    const session = real.withSession(constraint);
    return { ...recording(session), getBookmark: () => session.getBookmark() };
  },
  dump: () => real.dump(),
};
Object.assign(env, { DB: recordingD1 });

/** Tables that grow with a district's years of use; the small fixed ones may be scanned. */
const GROWING = [
  "users",
  "communities",
  "community_members",
  "posts",
  "comments",
  "likes",
  "reports",
  "conversations",
  "conversation_participants",
  "messages",
  "mail_messages",
  "mail_recipients",
  "attachments",
  "events",
  "event_rsvps",
  "event_exceptions",
  "notifications",
  "friendships",
  "schools",
  "school_follows",
  "school_search_keys",
  "refresh_tokens",
];

async function plan({ sql, params }: Recorded) {
  const { results } = await real
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

/** What is wrong with a statement's plan: a full scan of a growing table, or a sort of one. */
function problems(details: string[]) {
  const found: string[] = [];
  const tableOf = (detail: string) => /^(?:SCAN|SEARCH) (\w+)/.exec(detail)?.[1] ?? "";
  for (const detail of details) {
    const scan = /^SCAN (\w+)(?: AS \w+)?(.*)$/.exec(detail);
    if (scan && GROWING.includes(scan[1]!) && !/USING (COVERING )?INDEX|VIRTUAL TABLE/.test(scan[2]!))
      found.push(detail);
  }
  const sort = details.find((detail) => /USE TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY/.test(detail));
  if (sort && details.some((detail) => GROWING.includes(tableOf(detail)))) found.push(sort);
  return found;
}

/** The chat menu's and list's page of the viewer's conversations, one participant row each (decision 197). */
const CHAT_PAGE = /^select "conversation_id", "conversation_type", "conversation_title"/;

/** The one statement of a calendar month or an upcoming list (decision 196). */
const CALENDAR_ROWS = /^SELECT ev\.id AS id, ev\.title AS title/;

/**
 * Sorts that SQLite does in a temporary B-tree but over a bounded set: a page, or the viewer's
 * own memberships, friends or schools (what one person has, not what the district has).
 */
const BOUNDED: [RegExp, string][] = [
  [
    /WITH RECURSIVE feed\(community_id, role, created_at, id\)/,
    "newsfeed: the page the merge of the viewer's communities took (its plan is checked below)",
  ],
  [
    /^select "communities"\."id", "communities"\."name", "communities"\."slug"/,
    "the viewer's communities (composer, menu)",
  ],
  [
    /^select "communities"\."id", "communities"\."name", "schools"\."state"/,
    "the calendar's filter: the viewer's communities",
  ],
  [/^select "id", "slug", "name", "district", "city", "state", "kind", "schools"\."id" in/, "the viewer's schools"],
];

/**
 * Statements known to read more as the data grows (decision 167), not fixed yet: listed so that
 * the list can only shrink (the test fails when one of them no longer occurs, to be removed).
 */
const KNOWN_DEBT: [RegExp, string][] = [
  [
    /^select "users"\."id", "users"\."name", "users"\."username", "users"\."avatar", "community_members"\."role"/,
    "a community's members are sorted by role, all of them",
  ],
  [
    /LEFT JOIN community_members m ON m\.community_id = p\.community_id AND m\.user_id = \? AND m\.status = 'active'\s+WHERE p\.community_id = \?/,
    "a community's posts are sorted in a temporary B-tree",
  ],
];

let browser: Awaited<ReturnType<typeof browserFor>>;
let conversationId = 0;
let communityId = 0;
let schoolId = 0;

beforeAll(async () => {
  const { owner, member, community } = await cast();
  communityId = community.id;
  // A followed school, so the calendar reads the school branch too.
  schoolId = (await createSchool()).id;
  await getDb().insert(schema.schoolFollows).values({ userId: owner.id, schoolId });
  const friend = await createUser();
  await addMember(community.id, friend.id);
  for (let i = 0; i < 3; i += 1) await createPost(owner, community.id, `Post ${i}`);
  const db = getDb();
  await db.insert(schema.friendships).values({ requesterId: owner.id, addresseeId: friend.id, status: "accepted" });
  const [conversation] = await db
    .insert(schema.conversations)
    .values({ type: 0, updatedAt: Date.now() })
    .returning({ id: schema.conversations.id });
  conversationId = conversation!.id;
  await db.insert(schema.conversationParticipants).values([
    { conversationId, userId: owner.id },
    { conversationId, userId: member.id },
  ]);
  for (let i = 0; i < 3; i += 1)
    await db
      .insert(schema.messages)
      .values({ conversationId, senderId: member.id, content: `Hi ${i}`, createdAt: Date.now() - i });
  browser = await browserFor(owner);
}, 60_000);

describe("query plans of the pages a district reads most (issue 27)", { timeout: 60_000 }, () => {
  const pages = () => [
    "/newsfeed",
    `/newsfeed?before=${Date.now()}:999999`,
    `/communities/${communityId}`,
    `/chat/${conversationId}`,
    `/chat/${conversationId}?before=${encodeURIComponent(`${Date.now()}:999999`)}`,
    "/chat",
    "/messagesold",
    "/calendar",
    "/schools?q=lincoln",
    "/schools?q=ele",
    "/schools/browse?state=CA&by=district",
    "/profile/friends",
    `/profile/friends?requests=all&incoming=${Date.now()}.999999&friends=1&outgoing=1`,
  ];

  it("no statement scans a growing table or sorts one in a temporary B-tree", async () => {
    const offenders = new Set<string>();
    const debts = new Set<string>();
    for (const path of pages()) {
      recorded.length = 0;
      const response = await browser.get(path);
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
      expect(recorded.length, `${path} ran no statement`).toBeGreaterThan(0);
      for (const statement of recorded) {
        const details = await plan(statement);
        const found = problems(details);
        const sql = statement.sql.replace(/\s+/g, " ").trim();
        if (found.length === 0) continue;
        const test = (rule: [RegExp, string]) => rule[0].test(statement.sql.trim());
        if (BOUNDED.some(test)) continue;
        const debt = KNOWN_DEBT.find(test);
        if (debt) debts.add(debt[1]);
        else offenders.add(`${sql.slice(0, 160)}… (${path}) → ${found.join("; ")} [${details.join(" | ")}]`);
      }
    }
    expect([...offenders]).toEqual([]);
    // A debt paid off leaves the list (decision 167).
    expect([...debts].sort()).toEqual(KNOWN_DEBT.map(([, why]) => why).sort());
  });

  it("the chat menu and list read the viewer's participant rows in (user_id, updated_at) order, without a sort (decision 197)", async () => {
    for (const path of ["/chat", `/chat?more=${encodeURIComponent(`${Date.now()}:999999`)}`]) {
      const plans = await plansOf(path, CHAT_PAGE);
      // The menu's statement and the list's.
      expect(plans).toHaveLength(2);
      for (const details of plans) {
        expect(details.split("\n")[0]).toMatch(
          /^SEARCH conversation_participants USING INDEX conversation_participants_user_updated \(user_id=\?( AND (updated_at<\?|\(updated_at,conversation_id\)<\(\?,\?\)))?\)$/,
        );
        expect(details).not.toMatch(/TEMP B-TREE|SCAN/);
      }
    }
  });

  it("a conversation's messages are a range of messages_visible, from the cursor on (decision 197)", async () => {
    const cursor = encodeURIComponent(`${Date.now()}:999999`);
    for (const [path, range] of [
      [`/chat/${conversationId}`, /\(conversation_id=\?\)/],
      [
        `/chat/${conversationId}?before=${cursor}`,
        /\(conversation_id=\? AND (created_at<\?|\(created_at,id\)<\(\?,\?\))\)/,
      ],
    ] as const) {
      const plans = await plansOf(path, /^\s*SELECT m\.id, m\.conversation_id, m\.sender_id/);
      expect(plans).toHaveLength(1);
      expect(plans[0]).toMatch(new RegExp(`SEARCH m USING INDEX messages_visible ${range.source}`));
      expect(plans[0]).not.toMatch(/TEMP B-TREE/);
    }
  });
});

describe("the header's unread totals (decision 190)", { timeout: 60_000 }, () => {
  const COUNTS_ROWS = /count\(\*\)[^()]*?\bfrom\s+"?(notifications|mail_recipients)\b/i;

  it("read one row each, unread_counts by its key, and no page counts notifications or copies", async () => {
    const plans = await plansOf("/messagesold", /\bfrom\s+"?unread_counts"?/i);
    // The notifications total and the inbox's: the page's tab uses the header's, not a third.
    expect(plans).toHaveLength(2);
    for (const details of plans) expect(details).toBe("SEARCH unread_counts USING INTEGER PRIMARY KEY (rowid=?)");
    for (const path of ["/newsfeed", "/messagesold", "/chat", "/profile/friends", "/calendar"]) {
      recorded.length = 0;
      await (await browser.get(path)).arrayBuffer();
      expect(recorded.filter((statement) => COUNTS_ROWS.test(statement.sql)).map((s) => s.sql)).toEqual([]);
    }
  });
});

/** Every statement `path` sends that matches `pattern`, with its plan (at least one must). */
async function plansOf(path: string, pattern: RegExp) {
  recorded.length = 0;
  await (await browser.get(path)).arrayBuffer();
  const found = recorded.filter((statement) => pattern.test(statement.sql));
  expect(found.length, `${path} sent no statement like ${pattern}`).toBeGreaterThan(0);
  return Promise.all(found.map(async (statement) => (await plan(statement)).join("\n")));
}

describe("the pages that read over 2,000 rows at scale 0.1 read from indexes (decision 187)", () => {
  it("the newsfeed merges its communities' newest posts from their index, one post at a time", async () => {
    for (const details of await plansOf("/newsfeed", /WITH RECURSIVE feed/)) {
      expect(details).toMatch(/SETUP\n.*SEARCH m USING INDEX community_members_user/);
      expect(details).toMatch(
        /RECURSIVE STEP\n(.*\n)+.*SEARCH x USING INDEX posts_community_created \(community_id=\? AND created_at<\?\)/,
      );
      expect(details).not.toMatch(/^SCAN (posts|community_members)\b/m);
    }
  });

  it("the inbox's page is read in order from (user_id, deleted_at, created_at), without a sort", async () => {
    for (const details of await plansOf("/messagesold", /FROM mail_recipients r JOIN mail_messages m/)) {
      expect(details).toMatch(/SEARCH r USING INDEX mail_recipients_user_created \(user_id=\? AND deleted_at=\?\)/);
      expect(problems(details.split("\n"))).toEqual([]);
    }
  });

  it("a calendar month reads its events, their exceptions and community names in one statement, per span level, from a range of their ends (decisions 191, 196)", async () => {
    // One statement: the candidates are not read a second time for their exceptions.
    recorded.length = 0;
    await (await browser.get("/calendar")).arrayBuffer();
    expect(recorded.filter((statement) => /\bevent_exceptions\b/.test(statement.sql)).map((s) => s.sql)).toHaveLength(
      1,
    );
    const plans = await plansOf("/calendar", CALENDAR_ROWS);
    expect(plans).toHaveLength(1);
    for (const details of plans) {
      // Both ends of the range are in the index search: a day-long event after the month is not read.
      expect(details).toMatch(
        /SEARCH ev USING (COVERING )?INDEX events_community_level \(community_id=\? AND span_level=\? AND span_end>\? AND span_end<\?\)/,
      );
      expect(details).toMatch(
        /SEARCH ev USING (COVERING )?INDEX events_school_level \(school_id=\? AND span_level=\? AND span_end>\? AND span_end<\?\)/,
      );
      expect(details).toMatch(
        /SEARCH mv USING (COVERING )?INDEX event_exceptions_moved_level \(moved_level=\? AND moved_end>\? AND moved_end<\?\)/,
      );
      expect(details).not.toMatch(/span_end>\?\)|moved_end>\?\)/);
      // The viewer's communities from their memberships, each once; exceptions by the event's key.
      expect(details).toMatch(/SEARCH m USING INDEX community_members_user \(user_id=\?\)/);
      expect(details).toMatch(/SEARCH x USING (COVERING )?INDEX sqlite_autoindex_event_exceptions_1 \(event_id=\?\)/);
      // No sort and no temporary B-tree at all: the service sorts the month's few events.
      expect(details).not.toMatch(/TEMP B-TREE/);
      expect(problems(details.split("\n"))).toEqual([]);
    }
  });

  it("a calendar month asks whether the viewer may add events from the managers' partial index, not every membership (decision 196)", async () => {
    const plans = await plansOf("/calendar", /^SELECT 1 AS managing FROM community_members m/);
    expect(plans).toHaveLength(1);
    // The first entry of the partial index and its row, nothing else: no community, no sort by name (decision 222).
    for (const details of plans) expect(details).toBe("SEARCH m USING INDEX community_members_managing (user_id=?)");
  });

  it("a community's and a school's upcoming events are their candidates from the span-level index, not all their events (decisions 191, 196)", async () => {
    for (const path of [`/communities/${communityId}`, `/schools/${schoolId}`]) {
      const plans = await plansOf(path, CALENDAR_ROWS);
      expect(plans, path).toHaveLength(1);
      for (const details of plans) {
        expect(details).toMatch(
          /SEARCH ev USING (COVERING )?INDEX events_community_level \(community_id=\? AND span_level=\? AND span_end>\? AND span_end<\?\)/,
        );
        expect(details).not.toMatch(/SEARCH \w+ USING INDEX events_community_level \(community_id=\?\)/);
        expect(details).not.toMatch(/TEMP B-TREE/);
        expect(problems(details.split("\n"))).toEqual([]);
      }
    }
  });

  it("/profile/friends reads each list a page at a time, by name or newest first, from an index of each side, merged (decisions 191, 198, 221)", async () => {
    const plans = await plansOf("/profile/friends", /^SELECT f\.(?:addressee|requester)_id AS id, f\.\w+_name AS name/);
    expect(plans).toHaveLength(3);
    const all = plans.join("\n");
    expect(all).toMatch(/SEARCH f USING COVERING INDEX friendships_requester_name \(requester_id=\? AND status=\?\)/);
    expect(all).toMatch(/SEARCH f USING COVERING INDEX friendships_addressee_name \(addressee_id=\? AND status=\?\)/);
    // Friends of both sides: the two ranges merged in order, stopped at the page.
    expect(all).toMatch(/MERGE \(UNION ALL\)/);
    // Requests for the viewer, newest first, and how many wait: pending rows alone (decision 221).
    expect(all).toMatch(/SEARCH f USING COVERING INDEX friendships_requests_newest \(addressee_id=\?\)/);
    expect(all).toMatch(
      /SEARCH c USING COVERING INDEX friendships_(requests_newest|addressee_name) \(addressee_id=\?( AND status=\?)?\)/,
    );
    for (const details of plans) {
      // Read in the indexes' order: no sort, no lookup of the people in users.
      expect(details).not.toMatch(/TEMP B-TREE|\b(SCAN|SEARCH) (u|users)\b/);
      expect(problems(details.split("\n"))).toEqual([]);
    }
  });
});
