// Chat demo data (docs/decisions/050-chat-routes-and-sending.md): history in the seeded direct and group chats; chatFixtures: people for the
// end-to-end chat tests (scripts/seed/e2e-fixtures.mjs). Both return SQL statements.

const lines = [
  [1, "Hi Terry, is the field trip still on for Friday?"],
  [2, "Yes! The bus leaves at 8:30 from the front entrance."],
  [1, "Great. Does Sam need a packed lunch?"],
  [2, "Please pack one, and a water bottle.\nThe museum café is closed on Fridays."],
  [1, "Got it, thanks!"],
  [2, "Here is the museum's page: https://example.org/museum"],
];

/** @param {{ q: (v: unknown) => string, now: number, day: number }} h */
export function chatSeed({ q, now, day }) {
  const sql = [];
  // The seeded direct chat (Pat and Terry) gets its key, so /chat/@mrsteacher finds it (decision 050).
  sql.push("UPDATE conversations SET direct_key = '1:2' WHERE id = 1;");
  // 60 messages: more than one page, so "Load earlier messages" shows (and the bench reads 50).
  const history = [];
  for (let i = 0; i < 60; i++) {
    const [sender, text] = lines[i % lines.length];
    const at = now - 3 * day + i * 30 * 60_000;
    history.push(`(1, ${sender}, ${q(i < 54 ? `${text} (${i + 1})` : text)}, ${q(`seed-chat-1-${i}`)}, ${at})`);
  }
  sql.push(
    `INSERT INTO messages (conversation_id, sender_id, content, client_msg_id, created_at) VALUES ${history.join(",\n")};`,
    `INSERT INTO messages (conversation_id, sender_id, content, client_msg_id, created_at) VALUES
      (2, 1, 'I can drive four kids on Saturday.', 'seed-chat-2-1', ${now - 90 * 60_000}),
      (2, 6, 'Thanks Pat! I will take the other three.', 'seed-chat-2-2', ${now - 80 * 60_000});`,
    `UPDATE conversations SET updated_at = ${now - 60_000} WHERE id = 1;`,
    `UPDATE conversations SET updated_at = ${now - 80 * 60_000} WHERE id = 2;`,
  );
  return sql;
}

/** @param {{ q: (v: unknown) => string, now: number, hour: number, day: number, passwordHash: string }} h */
export function chatFixtures({ q, now, hour, day, passwordHash }) {
  const sql = [];
  // End-to-end people (tests/e2e/chat.spec.ts), per browser project: a and b are friends,
  // c is a stranger to both.
  for (const project of ["js", "nojs"]) {
    for (const who of ["a", "b", "c"]) {
      const email = `e2e-chat-${who}-${project}@demo.schoolhub.test`;
      sql.push(
        `INSERT INTO users (email, username, name, avatar, email_verified_at, activated_at, password_hash, created_at) VALUES (${q(email)}, ${q(`e2e_chat_${who}_${project}`)}, ${q(`Chat ${who.toUpperCase()} ${project}`)}, 'default', ${now}, ${now}, ${q(passwordHash)}, ${now - day});`,
      );
    }
    const id = (who) => `(SELECT id FROM users WHERE email = ${q(`e2e-chat-${who}-${project}@demo.schoolhub.test`)})`;
    sql.push(
      `INSERT INTO friendships (requester_id, addressee_id, status, created_at, accepted_at) VALUES (${id("a")}, ${id("b")}, 'accepted', ${now - hour}, ${now - hour});`,
    );
  }
  return sql;
}
