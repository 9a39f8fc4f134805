import { existsSync } from "node:fs";
import { queryD1 as query, queryD1Many } from "./d1";
import { expect, signInAs, test } from "./support";

/**
 * A demo is a school, not a test run (decision 125). scripts/serve-e2e.mjs seeds the demo data
 * with the very command `npm start` uses, copies that database to DEMO_COPY, and only then adds
 * the end-to-end tests' own people (`scripts/seed.mjs --fixtures e2e`). This reads the copy: what
 * a newcomer's `npm start` serves holds the demo school and nothing made for a test.
 */
const DEMO_COPY = ".wrangler/e2e-demo-state";
const FIXTURES = ".wrangler/e2e-state";

const DEMO_EMAILS = ["parent", "teacher", "student", "coach", "pto", "alex"].map((who) => `${who}@demo.schoolhub.test`);
const DEMO_COMMUNITIES = [
  "after-school-care",
  "kindergarten-parents",
  "lincoln-elementary-community",
  "lincoln-pto",
  "riverside-soccer",
  "riverside-unified",
  "robotics-club",
  "room-12",
];
/** What a test leaves in names and texts. */
const TEST_WORDS = /\be2e\b|\blayout\b|\btest(s|ing)?\b/i;

test.describe("demo data", () => {
  // Reads the database, not a page: once, in the project with JavaScript.
  test("npm start's seed holds no test account, community, post or conversation @js-only", async () => {
    test.setTimeout(90_000);
    expect(existsSync(DEMO_COPY), `${DEMO_COPY} (scripts/serve-e2e.mjs makes it)`).toBe(true);

    // The copy's reads, from one state of the database (tests/e2e/d1.ts).
    const [userRows = [], communityRows = [], strayRows = [], friendRows = []] = queryD1Many(DEMO_COPY, [
      "SELECT email, name, username FROM users ORDER BY email",
      "SELECT slug, name, description FROM communities ORDER BY slug",
      // Every post, comment, event, message and chat is the demo people's, in the demo communities.
      `SELECT
        (SELECT count(*) FROM posts WHERE author_id NOT IN (SELECT id FROM users) OR community_id NOT IN (SELECT id FROM communities)) AS posts,
        (SELECT count(*) FROM posts WHERE lower(body) LIKE '%layout%' OR lower(body) LIKE '%e2e%' OR lower(body) LIKE '% test %') AS postTexts,
        (SELECT count(*) FROM events WHERE community_id IS NOT NULL AND community_id NOT IN (SELECT id FROM communities)) AS events,
        (SELECT count(*) FROM events WHERE lower(title) LIKE '%e2e%' OR lower(title) LIKE '%test%') AS eventTitles,
        (SELECT count(*) FROM conversation_participants WHERE user_id NOT IN (SELECT id FROM users)) AS chats,
        (SELECT count(*) FROM conversations WHERE lower(coalesce(title, '')) LIKE '%layout%' OR lower(coalesce(title, '')) LIKE '%e2e%') AS chatTitles,
        (SELECT count(*) FROM notifications WHERE user_id NOT IN (SELECT id FROM users)) AS notifications`,
      // The demo parent's friends are the demo people, and Sam's request waits for an answer.
      `SELECT u.name, f.status, f.addressee_id = p.id AS incoming
        FROM users p JOIN friendships f ON p.id IN (f.requester_id, f.addressee_id)
        JOIN users u ON u.id = CASE WHEN f.requester_id = p.id THEN f.addressee_id ELSE f.requester_id END
        WHERE p.username = 'patparent' ORDER BY u.name`,
    ]);
    const users = userRows as { email: string; name: string; username: string | null }[];
    expect(users.map((user) => user.email).sort()).toEqual([...DEMO_EMAILS].sort());
    for (const user of users) expect(`${user.name} ${user.username ?? ""}`).not.toMatch(TEST_WORDS);

    const communities = communityRows as { slug: string; name: string; description: string }[];
    expect(communities.map((community) => community.slug)).toEqual(DEMO_COMMUNITIES);
    for (const community of communities) expect(`${community.name} ${community.description}`).not.toMatch(TEST_WORDS);

    expect(strayRows[0]).toEqual({
      posts: 0,
      postTexts: 0,
      events: 0,
      eventTitles: 0,
      chats: 0,
      chatTitles: 0,
      notifications: 0,
    });

    expect(friendRows).toEqual([
      { name: "Sam Student", status: "pending", incoming: 1 },
      { name: "Terry Teacher", status: "accepted", incoming: 0 },
    ]);

    // The end-to-end database does hold the tests' own people: they come from the fixtures.
    const [fixtures] = query<{ n: number }>(
      FIXTURES,
      "SELECT count(*) AS n FROM users WHERE email LIKE 'e2e-%@demo.schoolhub.test'",
    );
    expect(fixtures.n).toBeGreaterThan(0);
  });

  test("the demo parent's pending friend request comes first on Friends, at 360 px", async ({ page }) => {
    // The end-to-end database adds the layout test's friends to the parent's (fixtures): even
    // with many friends, the request waiting for an answer is on the first screen.
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, "parent@demo.schoolhub.test", { to: "/profile/friends" });
    const incoming = page.getByRole("region", { name: "Friend requests for you" });
    await expect(incoming.getByRole("listitem").filter({ hasText: "Sam Student" })).toBeInViewport();
    const friends = page.getByRole("region", { name: "Your friends" });
    const [incomingBox, friendsBox] = [await incoming.boundingBox(), await friends.boundingBox()];
    expect(incomingBox?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(friendsBox?.y ?? 0);
  });
});
