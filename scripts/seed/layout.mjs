// Users for the layout and keyboard end-to-end tests (tests/e2e/layout.spec.ts,
// tests/e2e/keyboard.spec.ts): one per Playwright project and theme, each with a friend, a
// request both ways, notifications and an unread conversation, so every header menu and the
// Friends page have something to show. Their own accounts: the keyboard test signs out, which
// ends every session of its user (DESIGN §5), and the themes are saved on the account.

export const LAYOUT_THEMES = ["a", "d", "h"];

/** SQL statements; `q` quotes a value, `passwordHash` is the demo password's hash. */
export function layoutSeed({ q, passwordHash, now }) {
  const hour = 3_600_000;
  const day = 24 * hour;
  const sql = [];
  const people = ["js", "nojs"].flatMap((project) => [
    ...LAYOUT_THEMES.map((theme) => ({ key: `layout_${theme}_${project}`, theme: `theme-${theme}` })),
    { key: `keyboard_${project}`, theme: "theme-d" },
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
  return sql;
}
