// Demo data for local runs: users, schools, communities in all eight categories, posts,
// events, friendships and conversations. Later issues extend it. Run via npm start / db:reset.
// A demo is a school, not a test run (decision 125): nothing here is made for a test.
// `--fixtures e2e` instead adds the end-to-end tests' own data (scripts/seed/e2e-fixtures.mjs)
// to a database that already holds the demo data (scripts/serve-e2e.mjs).
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bin, run } from "./lib/local.mjs";
import { chatSeed } from "./seed/chat.mjs";
import { chatGroupsSeed } from "./seed/chat-groups.mjs";
import { seedCommunities } from "./seed/communities.mjs";
import { e2eFixturesSql } from "./seed/e2e-fixtures.mjs";
import { eventsSeedSql } from "./seed/events.mjs";
import { inboxSeed, seedInboxFiles } from "./seed/inbox.mjs";
import { invitationsSeedSql } from "./seed/invitations.mjs";
import { postImagesSeed } from "./seed/post-images.mjs";
import { schoolsSeedSql } from "./seed/schools.mjs";

export const DEMO_PASSWORD = "schoolhub-demo";
// Must match app/server/auth/password.server.ts.
const PBKDF2_ITERATIONS = 100_000;

function hashPassword(password) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, PBKDF2_ITERATIONS, 32, "sha256");
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

const q = (value) => (value === null || value === undefined ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);
const now = Date.now();
const day = 86_400_000;
const hour = 3_600_000;

const users = [
  { name: "Pat Parent", email: "parent@demo.schoolhub.test", username: "patparent" },
  { name: "Terry Teacher", email: "teacher@demo.schoolhub.test", username: "mrsteacher" },
  { name: "Sam Student", email: "student@demo.schoolhub.test", username: "samstudent" },
  { name: "Casey Coach", email: "coach@demo.schoolhub.test", username: "coachcasey" },
  { name: "Morgan PTO", email: "pto@demo.schoolhub.test", username: "morganpto" },
  { name: "Alex Rivera", email: "alex@demo.schoolhub.test", username: null },
];

const schools = [
  {
    slug: "lincoln-elementary",
    name: "Lincoln Elementary School",
    district: "Riverside Unified",
    city: "Riverside",
    state: "CA",
    kind: "elementary",
  },
  {
    slug: "roosevelt-middle",
    name: "Roosevelt Middle School",
    district: "Riverside Unified",
    city: "Riverside",
    state: "CA",
    kind: "middle",
  },
  {
    slug: "riverside-high",
    name: "Riverside High School",
    district: "Riverside Unified",
    city: "Riverside",
    state: "CA",
    kind: "high",
  },
];

// One community per category (SPEC §1), owned by different demo users.
const communities = [
  {
    slug: "lincoln-pto",
    name: "Lincoln PTO",
    category: "pto",
    school: 1,
    owner: 5,
    policy: "open",
    description: "Fundraisers, volunteering and family events at Lincoln Elementary.",
  },
  {
    slug: "room-12",
    name: "Room 12 — Ms. Teacher's 4th grade",
    category: "classroom",
    school: 1,
    owner: 2,
    policy: "request",
    description: "Homework, reading logs and class news for Room 12.",
  },
  {
    // Not "lincoln-elementary": that slug is the school's, and /{slug} is one namespace.
    slug: "lincoln-elementary-community",
    name: "Lincoln Elementary",
    category: "school",
    school: 1,
    owner: 2,
    policy: "open",
    description: "Official announcements from Lincoln Elementary.",
  },
  {
    slug: "riverside-unified",
    name: "Riverside Unified School District",
    category: "district",
    school: null,
    owner: 2,
    policy: "open",
    description: "District-wide news, calendars and closures.",
  },
  {
    slug: "riverside-soccer",
    name: "Riverside Rockets Soccer",
    category: "team",
    school: 3,
    owner: 4,
    policy: "request",
    description: "Practice times, game days and carpools for the Rockets.",
  },
  {
    slug: "robotics-club",
    name: "Robotics Club",
    category: "club",
    school: 2,
    owner: 3,
    policy: "open",
    description: "We build robots on Tuesdays and Thursdays after school.",
  },
  {
    slug: "kindergarten-parents",
    name: "Kindergarten Parents",
    category: "parents",
    school: 1,
    owner: 1,
    policy: "request",
    description: "A place for kindergarten families to share tips and plan playdates.",
  },
  {
    slug: "after-school-care",
    name: "After-School Care",
    category: "services",
    school: 1,
    owner: 5,
    policy: "open",
    description: "Sign-ups, schedules and updates for after-school care.",
  },
];

const memberships = [
  [1, 1, "member"],
  [1, 2, "member"],
  [1, 3, "member"],
  [1, 5, "member"],
  [1, 6, "member"],
  [1, 7, "owner"],
  [1, 8, "member"],
  [2, 2, "owner"],
  [2, 3, "owner"],
  [2, 4, "owner"],
  [2, 1, "member"],
  [3, 2, "member"],
  [3, 6, "owner"],
  [3, 5, "member"],
  [4, 5, "owner"],
  [4, 3, "member"],
  [5, 1, "owner"],
  [5, 8, "owner"],
  [5, 3, "member"],
  [6, 1, "member"],
  [6, 7, "member"],
];

const posts = [
  [1, 5, "Thank you to everyone who helped at the fall book fair! We raised $2,340 for the library.", 2],
  [2, 2, "Reminder: reading logs are due every Friday. Twenty minutes a night makes a big difference!", 1],
  [3, 2, "Picture day is next Wednesday. Order forms went home in Monday folders.", 3],
  [4, 2, "All schools will be closed on Monday for the teacher training day.", 5],
  [5, 4, "Great win on Saturday, Rockets! Practice moves to field B this week.", 1],
  [6, 3, "Our robot made it to the regional finals! Thanks for all the support.", 4],
  [7, 1, "Does anyone want to set up a playdate at Riverside Park this weekend?", 2],
  [8, 5, "Spring session sign-ups for after-school care open next Monday.", 6],
];

const events = [
  [1, null, "PTO general meeting", 3, 18, false, "Lincoln library"],
  [2, null, "Parent–teacher conferences", 7, 15, false, "Room 12"],
  [3, 1, "Picture day", 9, 8, true, null],
  [5, null, "Rockets vs. Eagles", 5, 10, false, "Riverside field B"],
  [6, null, "Robotics regional finals", 14, 9, false, "Convention center"],
  [4, null, "No school: teacher training day", 10, 0, true, null],
];

const sql = [];
users.forEach((user, i) => {
  sql.push(
    `INSERT INTO users (id, email, username, name, avatar, email_verified_at, activated_at, password_hash, created_at) VALUES (${i + 1}, ${q(user.email)}, ${q(user.username)}, ${q(user.name)}, 'default', ${now}, ${now}, ${q(hashPassword(DEMO_PASSWORD))}, ${now - 30 * day});`,
  );
});
schools.forEach((s, i) => {
  sql.push(
    `INSERT INTO schools (id, slug, name, district, city, state, kind) VALUES (${i + 1}, ${q(s.slug)}, ${q(s.name)}, ${q(s.district)}, ${q(s.city)}, ${q(s.state)}, ${q(s.kind)});`,
  );
});
communities.forEach((c, i) => {
  sql.push(
    `INSERT INTO communities (id, slug, name, category, description, join_policy, school_id, owner_id) VALUES (${i + 1}, ${q(c.slug)}, ${q(c.name)}, ${q(c.category)}, ${q(c.description)}, ${q(c.policy)}, ${c.school ?? "NULL"}, ${c.owner});`,
  );
});
for (const [userId, communityId, role] of memberships) {
  sql.push(
    `INSERT OR IGNORE INTO community_members (community_id, user_id, role, status) VALUES (${communityId}, ${userId}, '${role}', 'active');`,
  );
}
posts.forEach(([communityId, authorId, body, daysAgo], i) => {
  sql.push(
    `INSERT INTO posts (id, community_id, author_id, body, created_at) VALUES (${i + 1}, ${communityId}, ${authorId}, ${q(body)}, ${now - daysAgo * day});`,
  );
});
events.forEach(([communityId, schoolId, title, inDays, atHour, allDay, location], i) => {
  const start = Math.floor((now + inDays * day) / day) * day + atHour * hour;
  sql.push(
    `INSERT INTO events (id, community_id, school_id, title, starts_at, ends_at, all_day, location) VALUES (${i + 1}, ${communityId ?? "NULL"}, ${schoolId ?? "NULL"}, ${q(title)}, ${start}, ${allDay ? "NULL" : start + 2 * hour}, ${allDay ? 1 : 0}, ${q(location)});`,
  );
});
sql.push(...schoolsSeedSql(q), ...eventsSeedSql(q, { now }), ...invitationsSeedSql(q, now));
// Pat and Terry are friends; Sam has asked Pat; Alex is a stranger to everyone.
sql.push(
  `INSERT INTO friendships (requester_id, addressee_id, status, created_at, accepted_at) VALUES (1, 2, 'accepted', ${now - 20 * day}, ${now - 19 * day});`,
  `INSERT INTO friendships (requester_id, addressee_id, status, created_at) VALUES (3, 1, 'pending', ${now - day});`,
);
// A direct chat (type 0) between Pat and Terry, and a group chat (type 1) for the team.
sql.push(
  `INSERT INTO conversations (id, type, title, updated_at) VALUES (1, 0, NULL, ${now - hour}), (2, 1, 'Rockets parents', ${now - 2 * hour});`,
  `INSERT INTO conversation_participants (conversation_id, user_id, last_read_at) VALUES (1, 1, ${now - 2 * hour}), (1, 2, ${now}), (2, 1, ${now}), (2, 4, ${now}), (2, 6, ${now});`,
  `INSERT INTO messages (conversation_id, sender_id, content, client_msg_id, created_at) VALUES
    (1, 1, 'Hi Terry, is the field trip still on for Friday?', 'seed-1', ${now - 3 * hour}),
    (1, 2, 'Yes! Please send the permission slip by Thursday.', 'seed-2', ${now - hour}),
    (2, 4, 'Carpool sign-up for Saturday is in the team community.', 'seed-3', ${now - 2 * hour});`,
);
sql.push(
  `INSERT INTO notifications (oid, user_id, title, url, seen, created_at) VALUES ('seed-friend-request-3-1', 1, 'Sam Student sent you a friend request', 'http://localhost/profile/friends', 0, ${now - day});`,
);

const argument = (name) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const persistTo = argument("--persist-to") ?? ".wrangler/state";
const execute = (statements, name) => {
  const file = join(mkdtempSync(join(tmpdir(), "seed-")), name);
  writeFileSync(file, `${statements.join("\n")}\n`);
  run(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file]);
};

const fixtures = argument("--fixtures");
if (fixtures !== undefined) {
  if (fixtures !== "e2e") {
    console.error(`Unknown fixtures "${fixtures}": the only set is "e2e".`);
    process.exit(1);
  }
  execute(e2eFixturesSql({ q, passwordHash: hashPassword(DEMO_PASSWORD), now, day, hour }), "fixtures-e2e.sql");
  console.log("• seeded the end-to-end fixtures");
  process.exit(0);
}

seedCommunities({ sql, q, now, day, hour });
const postImages = postImagesSeed(persistTo);
sql.push(...postImages.sql);
sql.push(...chatSeed({ q, now, day }));
sql.push(...chatGroupsSeed({ q, now, hour, day }));
sql.push(...inboxSeed({ q, now, hour, day }));

execute(sql, "seed.sql");
seedInboxFiles({ run, bin, persistTo });
await postImages.upload;
console.log(`• seeded ${users.length} demo users (password "${DEMO_PASSWORD}")`);
