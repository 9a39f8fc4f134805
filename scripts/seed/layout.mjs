// Users for the layout and keyboard end-to-end tests (tests/e2e/layout.spec.ts,
// tests/e2e/keyboard.spec.ts): one per Playwright project and theme, each with a friend, a
// request both ways, notifications and an unread conversation, so every header menu and the
// Friends page have something to show. Their own accounts: the keyboard test signs out, which
// ends every session of its user (DESIGN §5), and the themes are saved on the account.
// They also manage one community of their own (layoutCommunitySeed), so the layout test sees
// the manage pages, a post with comments, an event and the new-event form as a manager does.

export const LAYOUT_THEMES = ["a", "d", "h"];

/** SQL statements; `q` quotes a value, `passwordHash` is the demo password's hash. */
export function layoutSeed({ q, passwordHash, now }) {
  const hour = 3_600_000;
  const day = 24 * hour;
  const sql = [];
  const people = ["js", "nojs"].flatMap((project) => [
    ...LAYOUT_THEMES.map((theme) => ({ key: `layout_${theme}_${project}`, theme: `theme-${theme}` })),
    { key: `keyboard_${project}`, theme: "theme-d" },
    // The Arabic walk of languages.spec.ts (issue 24): a layout user of its own, since it
    // changes its account's language.
    { key: `rtl_${project}`, theme: "theme-d" },
    // tests/e2e/language-bytes.spec.ts measures its pages in English and Arabic.
    ...(project === "js" ? [{ key: "lang_bytes", theme: "theme-d" }] : []),
  ]);
  for (const { key, theme } of people) {
    const email = `e2e-${key.replaceAll("_", "-")}@demo.schoolhub.test`;
    const id = `(SELECT id FROM users WHERE email = ${q(email)})`;
    const demo = (username) => `(SELECT id FROM users WHERE username = ${q(username)})`;
    sql.push(
      `INSERT INTO users (email, username, name, avatar, email_verified_at, activated_at, password_hash, theme, created_at) VALUES (${q(email)}, ${q(`e2e_${key}`)}, ${q(`Layout ${key.replaceAll("_", " ")}`)}, 'default', ${now}, ${now}, ${q(passwordHash)}, ${q(theme)}, ${now - 30 * day});`,
      `INSERT INTO friendships (requester_id, addressee_id, status, created_at, accepted_at) VALUES (${id}, ${demo("patparent")}, 'accepted', ${now - 9 * day}, ${now - 8 * day});`,
      `INSERT INTO friendships (requester_id, addressee_id, status, created_at) VALUES (${demo("samstudent")}, ${id}, 'pending', ${now - 2 * day});`,
      `INSERT INTO friendships (requester_id, addressee_id, status, created_at) VALUES (${id}, ${demo("coachcasey")}, 'pending', ${now - day});`,
      `INSERT INTO notifications (oid, user_id, title, url, seen, created_at) VALUES
        (${q(`${key}-1`)}, ${id}, 'Pat Parent accepted your friend request', 'http://localhost/profile/friends', 1, ${now - 3 * hour}),
        (${q(`${key}-2`)}, ${id}, 'A very long notification title about the Lincoln Elementary spring fundraiser volunteers', 'http://localhost/about', 0, ${now - 2 * hour}),
        (${q(`${key}-3`)}, ${id}, 'Sam Student sent you a friend request', 'http://localhost/profile/friends', 0, ${now - hour});`,
      `INSERT INTO conversations (type, title, updated_at) VALUES (0, ${q(key)}, ${now - hour});`,
      `INSERT INTO conversation_participants (conversation_id, user_id, last_read_at) VALUES ((SELECT max(id) FROM conversations), ${id}, 0), ((SELECT max(id) FROM conversations), ${demo("mrsteacher")}, ${now});`,
      `INSERT INTO messages (conversation_id, sender_id, content, client_msg_id, created_at) VALUES ((SELECT max(id) FROM conversations), ${demo("mrsteacher")}, 'Could you bring the permission slips for the field trip to the office on Thursday morning?', ${q(`${key}-1`)}, ${now - hour});`,
    );
  }
  sql.push(...layoutCommunitySeed({ q, passwordHash, now, people: people.map(({ key }) => key) }));
  return sql;
}

// Fixed ids, far above the demo data's, so the layout test's PAGES can name them.
export const LAYOUT_COMMUNITY_ID = 900;
export const LAYOUT_POST_ID = 9000;
export const LAYOUT_EVENT_ID = 900;

/**
 * A community every layout and keyboard user manages ("request" joining, posts approved), with
 * a join request waiting, a post waiting for approval, a post with comments, a reply and a report, each
 * manager's own post (for /content), an event with a capacity, and a direct chat each.
 */
function layoutCommunitySeed({ q, passwordHash, now, people }) {
  const hour = 3_600_000;
  const day = 24 * hour;
  const user = (key) => `(SELECT id FROM users WHERE username = ${q(`e2e_${key}`)})`;
  // A member with a long name who writes to every manager (the demo users stay as they are).
  const neighbour = user("layout_neighbour");
  const c = LAYOUT_COMMUNITY_ID;
  const [owner, ...managers] = people;
  const sql = [
    `INSERT INTO users (email, username, name, avatar, email_verified_at, activated_at, password_hash, created_at) VALUES ('e2e-layout-neighbour@demo.schoolhub.test', 'e2e_layout_neighbour', 'Jordan Whitfield-Okonkwo', 'default', ${now}, ${now}, ${q(passwordHash)}, ${now - 30 * day});`,
    `INSERT INTO communities (id, slug, name, category, description, join_policy, school_id, owner_id, requires_approval, created_at) VALUES (${c}, 'e2e-layout-families', 'Layout Test Families of Lincoln Elementary', 'parents', 'Where the layout test looks at what a community manager sees: requests, members, posts waiting for approval and events.', 'request', 1, ${user(owner)}, 1, ${now - 20 * day});`,
    `INSERT INTO community_members (community_id, user_id, role, status) VALUES (${c}, ${user(owner)}, 'owner', 'active');`,
    ...managers.map(
      (key) =>
        `INSERT INTO community_members (community_id, user_id, role, status) VALUES (${c}, ${user(key)}, 'manager', 'active');`,
    ),
    // Alex has no username: the waiting request is from someone known by name only.
    `INSERT INTO community_members (community_id, user_id, role, status) VALUES (${c}, ${neighbour}, 'member', 'active'), (${c}, (SELECT id FROM users WHERE email = 'alex@demo.schoolhub.test'), 'member', 'pending');`,
  ];
  // The direct chat /chat/@e2e_layout_neighbour opens (members of one community may write).
  // Opening it marks it read, so it is not the unread one the conversations menu shows.
  for (const key of people) {
    const conversation = `(SELECT id FROM conversations WHERE direct_key = (SELECT min(id) || ':' || max(id) FROM users WHERE id IN (${user(key)}, ${neighbour})))`;
    sql.push(
      `INSERT INTO conversations (type, direct_key, updated_at) VALUES (0, (SELECT min(id) || ':' || max(id) FROM users WHERE id IN (${user(key)}, ${neighbour})), ${now - 2 * hour});`,
      `INSERT INTO conversation_participants (conversation_id, user_id, last_read_at) VALUES (${conversation}, ${user(key)}, ${now}), (${conversation}, ${neighbour}, ${now});`,
      // In English, as sending them would have detected: an Arabic reader is offered "See
      // translation" under the neighbour's (languages.spec.ts, decision 225).
      `INSERT INTO messages (conversation_id, sender_id, content, client_msg_id, lang, created_at) VALUES
        (${conversation}, ${neighbour}, 'Are you coming to the PTO meeting on Thursday? We could walk over together after pick-up.', ${q(`${key}-neighbour-1`)}, 'en', ${now - 3 * hour}),
        (${conversation}, ${user(key)}, 'Yes! See you at the gate.', ${q(`${key}-neighbour-2`)}, 'en', ${now - 2 * hour});`,
    );
  }
  // Post LAYOUT_POST_ID is the neighbour's, with a comment and a reply: no viewer is its
  // author, so each sees Report, and as a manager Pin and Delete. Then one post of each
  // manager's own (for /content), and one waiting for approval.
  const post = LAYOUT_POST_ID;
  const body = (who) =>
    `Reminder from ${who}: the book swap table is open before school every Friday this month. Bring a book, take a book, and tell a friend in Room 12 or Room 14.`;
  sql.push(
    `INSERT INTO posts (id, community_id, author_id, body, created_at) VALUES (${post}, ${c}, ${neighbour}, ${q(body("Jordan"))}, ${now - hour});`,
    `INSERT INTO comments (id, post_id, author_id, body, created_at) VALUES (${post * 10}, ${post}, ${neighbour}, 'We will bring a box of picture books on Friday.', ${now - 50 * 60_000});`,
    `INSERT INTO comments (id, post_id, parent_id, author_id, body, created_at) VALUES (${post * 10 + 1}, ${post}, ${post * 10}, ${user(owner)}, 'Thank you, Jordan! The table is by the front office.', ${now - 40 * 60_000});`,
    `INSERT INTO likes (user_id, target_type, target_id, created_at) VALUES (${user(owner)}, 'post', ${post}, ${now - 45 * 60_000});`,
    `INSERT INTO reports (community_id, target_type, target_id, reporter_id, reason, created_at) VALUES (${c}, 'post', ${post}, ${user(managers[0])}, 'A test report, so the manage page lists one.', ${now - 20 * 60_000});`,
    `INSERT INTO posts (id, community_id, author_id, body, status, created_at) VALUES (${post + 1}, ${c}, ${neighbour}, 'Could we add a lost-and-found table next to the book swap? Waiting for a manager to approve it.', 'pending', ${now - 30 * 60_000});`,
    ...people.map(
      (key, i) =>
        `INSERT INTO posts (id, community_id, author_id, body, created_at) VALUES (${post + 2 + i}, ${c}, ${user(key)}, ${q(body(key.replaceAll("_", " ")))}, ${now - (i + 2) * hour});`,
    ),
    `INSERT INTO events (id, community_id, title, description, location, starts_at, ends_at, all_day, time_zone, capacity, created_by) VALUES (${LAYOUT_EVENT_ID}, ${c}, 'Book swap and family breakfast in the library', 'Bring a book, take a book. Coffee for grown-ups, fruit for everyone.', 'Lincoln Elementary library, Room 101', ${Math.floor((now + 3 * day) / day) * day + 15 * hour}, ${Math.floor((now + 3 * day) / day) * day + 17 * hour}, 0, 'America/Los_Angeles', 20, ${user(owner)});`,
    // The same long title every Saturday of the month on screen, whatever today is: the month
    // grid's last column is where a title wider than its cell would leave the viewport.
    `INSERT INTO events (id, community_id, title, location, starts_at, ends_at, all_day, time_zone, recurrence, recurrence_until, created_by) VALUES (${LAYOUT_EVENT_ID + 1}, ${c}, 'Saturday book swap and family breakfast in the library', 'Lincoln Elementary library, Room 101', ${saturdayBefore(now, day) + 16 * hour}, ${saturdayBefore(now, day) + 18 * hour}, 0, 'America/Los_Angeles', 'weekly', ${saturdayBefore(now, day) + 10 * 7 * day}, ${user(owner)});`,
  );
  return sql;
}

/** Midnight UTC of the Saturday on or before the first of `now`'s month. */
function saturdayBefore(now, day) {
  const first = new Date(now);
  first.setUTCDate(1);
  first.setUTCHours(0, 0, 0, 0);
  return first.getTime() - ((first.getUTCDay() + 1) % 7) * day;
}
