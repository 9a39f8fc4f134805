// End-to-end people for reports of messages and the operators' queue (tests/e2e/moderation.spec.ts,
// issue 26 item 4, decision 186): one operator (OPERATOR_EMAILS in scripts/serve-e2e.mjs) and, per
// browser project, a parent who gets a rude chat message from a neighbour.

/** @param {{ q: (v: unknown) => string, now: number, hour: number, day: number, passwordHash: string }} h */
export function operatorFixtures({ q, now, hour, day, passwordHash }) {
  const user = (email, username, name) =>
    `INSERT INTO users (email, username, name, avatar, email_verified_at, activated_at, password_hash, created_at) VALUES (${q(email)}, ${q(username)}, ${q(name)}, 'default', ${now}, ${now}, ${q(passwordHash)}, ${now - day});`;
  const sql = [user("e2e-operator@demo.schoolhub.test", "e2e_operator", "Opal Operator")];
  for (const project of ["js", "nojs"]) {
    const email = (who) => `e2e-report-${who}-${project}@demo.schoolhub.test`;
    const id = (who) => `(SELECT id FROM users WHERE email = ${q(email(who))})`;
    sql.push(
      user(email("parent"), `e2e_report_parent_${project}`, `Report Parent ${project}`),
      user(email("rude"), `e2e_report_rude_${project}`, `Rude Neighbour ${project}`),
    );
    const key = `e2e-report-${project}`;
    const conversation = `(SELECT id FROM conversations WHERE create_key = ${q(key)})`;
    sql.push(
      `INSERT INTO friendships (requester_id, addressee_id, status, created_at, accepted_at) VALUES (${id("parent")}, ${id("rude")}, 'accepted', ${now - day}, ${now - day});`,
      `INSERT INTO conversations (type, title, created_at, updated_at, create_key, direct_key) SELECT 0, NULL, ${now - hour}, ${now - hour}, ${q(key)}, printf('%d:%d', min(p.id, o.id), max(p.id, o.id)) FROM users p, users o WHERE p.email = ${q(email("parent"))} AND o.email = ${q(email("rude"))};`,
      `INSERT INTO conversation_participants (conversation_id, user_id, last_read_at) VALUES (${conversation}, ${id("parent")}, ${now}), (${conversation}, ${id("rude")}, ${now});`,
      // A shared community where the neighbour posted: the post's author card offers Report.
      `INSERT INTO communities (slug, name, category, description, join_policy) VALUES (${q(key)}, ${q(`Report Street ${project}`)}, 'club', 'Report end-to-end tests.', 'request');`,
      `INSERT INTO community_members (community_id, user_id, role, status, created_at) SELECT c.id, u.id, 'member', 'active', ${now - day} FROM communities c, users u WHERE c.slug = ${q(key)} AND u.email IN (${q(email("parent"))}, ${q(email("rude"))});`,
      `INSERT INTO posts (community_id, author_id, body, created_at) SELECT c.id, ${id("rude")}, ${q(`Selling my old bike ${project}`)}, ${now - 2 * hour} FROM communities c WHERE c.slug = ${q(key)};`,
      `INSERT INTO messages (conversation_id, sender_id, content, client_msg_id, created_at) VALUES (${conversation}, ${id("parent")}, ${q(`Could you move your car? ${project}`)}, ${q(`${key}-1`)}, ${now - hour}), (${conversation}, ${id("rude")}, ${q(`Mind your own business, idiot ${project}`)}, ${q(`${key}-2`)}, ${now - hour + 60_000});`,
    );
  }
  return sql;
}
