// The district's rows (scripts/seed-district.mjs): deterministic (a seeded PRNG), ids after the
// demo data's, three years of activity ending now.

import { FIRST, LAST, WORDS } from "./district-words.mjs";
import { random } from "./prng.mjs";

const DAY = 86_400_000;
const YEARS = 3;
/** The demo people (scripts/seed.mjs): their pages are the ones the bench reads. */
const DEMO = [1, 2, 3, 4, 5, 6];

export function districtPlan(scale) {
  const n = (count) => Math.max(1, Math.round(count * scale));
  return {
    users: n(20_000),
    schoolCommunities: n(40),
    groupCommunities: n(1_500),
    posts: n(300_000),
    conversations: n(60_000),
    messages: n(2_000_000),
    mail: n(200_000),
    events: n(30_000),
    notifications: n(1_000_000),
  };
}

export function fillDistrict(db, plan, report) {
  const rnd = random(27);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const int = (max) => Math.floor(rnd() * max);
  const now = Date.now();
  const past = () => now - Math.floor(rnd() * YEARS * 365 * DAY);
  const maxId = (table) => Number(db.prepare(`SELECT coalesce(max(id), 0) AS id FROM ${table}`).get().id);
  const sentence = () =>
    `About the ${pick(WORDS)}: ${pick(WORDS)} on ${pick(["Monday", "Tuesday", "Friday"])}, bring ${pick(WORDS)}.`;

  /** Inserts `count` rows made by `row(i)` with one prepared statement, in one transaction. */
  const fill = (table, columns, count, row) => {
    const statement = db.prepare(
      `INSERT OR IGNORE INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
    );
    db.exec("BEGIN");
    for (let i = 0; i < count; i += 1) {
      const values = row(i);
      if (values) statement.run(...values);
    }
    db.exec("COMMIT");
    report(table, count);
  };

  // Users: parents, teachers and students.
  const firstUser = maxId("users") + 1;
  fill(
    "users",
    ["id", "email", "username", "name", "activated_at", "email_verified_at", "created_at"],
    plan.users,
    (i) => {
      const id = firstUser + i;
      return [
        id,
        `d${id}@district.schoolhub.test`,
        `d${id}`,
        `${pick(FIRST)} ${pick(LAST)}`,
        now - YEARS * 365 * DAY,
        now - YEARS * 365 * DAY,
        past(),
      ];
    },
  );
  const userIds = Array.from({ length: plan.users }, (_, i) => firstUser + i);
  const anyone = () => (rnd() < 0.02 ? pick(DEMO) : pick(userIds));

  // Communities: a school's, then classes, teams and clubs, each under a school community's school.
  const firstCommunity = maxId("communities") + 1;
  const schoolIds = db
    .prepare("SELECT id FROM schools ORDER BY id LIMIT ?")
    .all(plan.schoolCommunities)
    .map((r) => Number(r.id));
  const communityCount = plan.schoolCommunities + plan.groupCommunities;
  fill(
    "communities",
    ["id", "slug", "name", "category", "description", "join_policy", "school_id", "owner_id", "created_at"],
    communityCount,
    (i) => {
      const id = firstCommunity + i;
      const school = i < plan.schoolCommunities;
      const category = school ? "school" : pick(["classroom", "team", "club", "pto", "parents"]);
      const name = school
        ? `District School ${i + 1}`
        : `${pick(["Grade", "Room", "Varsity", "JV", "Chess", "Robotics", "Drama"])} ${category} ${i}`;
      return [
        id,
        `district-${id}`,
        name,
        category,
        `The ${name} community.`,
        "open",
        school ? (schoolIds[i] ?? null) : null,
        anyone(),
        now - YEARS * 365 * DAY,
      ];
    },
  );
  const communityIds = Array.from({ length: communityCount }, (_, i) => firstCommunity + i);
  const schoolCommunities = communityIds.slice(0, plan.schoolCommunities);
  const groups = communityIds.slice(plan.schoolCommunities);

  // Memberships: everyone in one school's community and four groups; the demo people in three
  // schools' and a dozen groups, as a busy family would be.
  const members = new Map(communityIds.map((id) => [id, []]));
  const memberRows = [];
  for (const user of userIds) {
    for (const community of new Set([pick(schoolCommunities), pick(groups), pick(groups), pick(groups), pick(groups)]))
      memberRows.push([community, user]);
  }
  for (const user of DEMO) {
    for (const community of new Set([...schoolCommunities.slice(0, 3), ...groups.slice(0, 12)]))
      memberRows.push([community, user]);
  }
  for (const [community, user] of memberRows) members.get(community).push(user);
  fill("community_members", ["community_id", "user_id", "role", "status", "created_at"], memberRows.length, (i) => {
    const [community, user] = memberRows[i];
    return [
      community,
      user,
      members.get(community)[0] === user ? "owner" : "member",
      "active",
      now - YEARS * 365 * DAY,
    ];
  });
  const memberOf = (community) => pick(members.get(community));
  // Busier communities first: the demo's, then a long tail.
  const busy = [...schoolCommunities.slice(0, 3), ...groups.slice(0, 12)];
  const someCommunity = () => (rnd() < 0.1 ? pick(busy) : pick(communityIds));

  // Posts, each with about one comment and two likes.
  const firstPost = maxId("posts") + 1;
  const postCommunity = [];
  fill("posts", ["id", "community_id", "author_id", "body", "created_at"], plan.posts, (i) => {
    const community = someCommunity();
    postCommunity.push(community);
    return [firstPost + i, community, memberOf(community), sentence(), past()];
  });
  fill("comments", ["post_id", "author_id", "body", "created_at"], plan.posts, () => {
    const post = int(plan.posts);
    return [firstPost + post, memberOf(postCommunity[post]), sentence(), past()];
  });
  fill("likes", ["user_id", "target_type", "target_id", "created_at"], plan.posts * 2, () => {
    const post = int(plan.posts);
    return [memberOf(postCommunity[post]), "post", firstPost + post, past()];
  });

  // Conversations: nine in ten direct, the rest groups of 3–8; the demo parent is in many.
  const firstConversation = maxId("conversations") + 1;
  const participants = [];
  fill("conversations", ["id", "type", "title", "created_at", "updated_at", "direct_key"], plan.conversations, (i) => {
    const id = firstConversation + i;
    const group = rnd() < 0.1;
    const people = new Set([i % 40 === 0 ? 1 : anyone(), anyone()]);
    while (group && people.size < 3 + int(6)) people.add(anyone());
    if (people.size < 2) people.add(pick(userIds));
    const ids = [...people];
    for (const user of ids) participants.push([id, user]);
    const key = group ? null : `district-${ids.sort((a, b) => a - b).join(":")}-${id}`;
    return [id, group ? 1 : 0, group ? `${pick(WORDS)} group` : null, past(), now - int(YEARS * 365 * DAY), key];
  });
  fill("conversation_participants", ["conversation_id", "user_id", "last_read_at"], participants.length, (i) => [
    ...participants[i],
    now - DAY,
  ]);
  const people = new Map();
  for (const [conversation, user] of participants)
    people.set(conversation, [...(people.get(conversation) ?? []), user]);
  // A tenth of the messages go to the demo's own direct chat (conversation 1), years of it.
  const demoShare = Math.round(plan.messages / 10);
  fill("messages", ["conversation_id", "sender_id", "content", "client_msg_id", "created_at"], plan.messages, (i) => {
    if (i < demoShare)
      return [1, i % 2 === 0 ? 1 : 2, sentence(), `district-${i}`, now - 4 * 3_600_000 - (demoShare - i) * 60_000];
    const conversation = firstConversation + int(plan.conversations);
    return [conversation, pick(people.get(conversation)), sentence(), `district-${i}`, past()];
  });

  // Inbox: messages to one or two people; the demo parent receives a share.
  const firstMail = maxId("mail_messages") + 1;
  const recipients = [];
  fill("mail_messages", ["id", "sender_id", "subject", "body", "thread_id", "created_at"], plan.mail, (i) => {
    const id = firstMail + i;
    const sender = anyone();
    recipients.push([id, i % 50 === 0 ? 1 : anyone()]);
    if (rnd() < 0.5) recipients.push([id, anyone()]);
    return [id, sender, `About ${pick(WORDS)}`, sentence(), id, past()];
  });
  fill("mail_recipients", ["message_id", "user_id", "read_at"], recipients.length, (i) => [
    ...recipients[i],
    rnd() < 0.8 ? now : null,
  ]);

  // Events over the three years (and the coming months), with RSVPs from members.
  const firstEvent = maxId("events") + 1;
  const eventCommunity = [];
  fill(
    "events",
    ["id", "community_id", "title", "starts_at", "ends_at", "all_day", "created_by", "created_at"],
    plan.events,
    (i) => {
      const community = someCommunity();
      eventCommunity.push(community);
      const start = Math.floor((now - int(YEARS * 365 * DAY) + 120 * DAY) / 3_600_000) * 3_600_000;
      return [
        firstEvent + i,
        community,
        `${pick(WORDS)}`,
        start,
        start + 2 * 3_600_000,
        0,
        memberOf(community),
        start - 30 * DAY,
      ];
    },
  );
  fill("event_rsvps", ["event_id", "occurrence_start", "user_id", "status", "updated_at"], plan.events * 5, () => {
    const event = int(plan.events);
    const start = Number(db.prepare("SELECT starts_at FROM events WHERE id = ?").get(firstEvent + event).starts_at);
    return [firstEvent + event, start, memberOf(eventCommunity[event]), pick(["going", "maybe", "not_going"]), now];
  });

  // Notifications: mostly read, a few unread; the demo parent has a long history.
  fill("notifications", ["oid", "user_id", "title", "url", "seen", "created_at"], plan.notifications, (i) => [
    `district-${i}`,
    i % 100 === 0 ? 1 : anyone(),
    `${pick(FIRST)} ${pick(LAST)} commented on your post`,
    `http://127.0.0.1:8787/content/${firstPost + int(plan.posts)}`,
    rnd() < 0.95 ? 1 : 0,
    past(),
  ]);

  // Friends: about ten each; the demo parent has a couple of hundred.
  // One row per pair, whoever asked.
  const pairs = new Map();
  const befriend = (a, b) => {
    if (a !== b && !pairs.has(`${Math.min(a, b)}:${Math.max(a, b)}`))
      pairs.set(`${Math.min(a, b)}:${Math.max(a, b)}`, [a, b]);
  };
  for (const user of userIds) for (let k = 0; k < 5; k += 1) befriend(user, pick(userIds));
  for (let k = 0; k < Math.min(200, userIds.length); k += 1) befriend(userIds[(k * 7) % userIds.length], 1);
  const friendRows = [...pairs.values()];
  fill(
    "friendships",
    ["requester_id", "addressee_id", "status", "created_at", "accepted_at"],
    friendRows.length,
    (i) => {
      const accepted = rnd() < 0.9;
      return [...friendRows[i], accepted ? "accepted" : "pending", past(), accepted ? now - DAY : null];
    },
  );
}
