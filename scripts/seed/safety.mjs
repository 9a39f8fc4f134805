// End-to-end people for blocking (tests/e2e/safety.spec.ts, issue 26, decision 160), per
// browser project: a parent and a neighbour who are friends, share a community where the
// neighbour posted, and have a direct chat where the neighbour wrote last.

/** @param {{ q: (v: unknown) => string, now: number, hour: number, day: number, passwordHash: string }} h */
export function safetyFixtures({ q, now, hour, day, passwordHash }) {
  const sql = [];
  for (const project of ["js", "nojs"]) {
    const email = (who) => `e2e-block-${who}-${project}@demo.schoolhub.test`;
    const id = (who) => `(SELECT id FROM users WHERE email = ${q(email(who))})`;
    for (const [who, name] of [
      ["parent", `Block Parent ${project}`],
      ["other", `Block Neighbour ${project}`],
    ]) {
      sql.push(
        `INSERT INTO users (email, username, name, avatar, email_verified_at, activated_at, password_hash, created_at) VALUES (${q(email(who))}, ${q(`e2e_block_${who}_${project}`)}, ${q(name)}, 'default', ${now}, ${now}, ${q(passwordHash)}, ${now - day});`,
      );
    }
    const slug = `e2e-block-street-${project}`;
    const community = `(SELECT id FROM communities WHERE slug = ${q(slug)})`;
    const key = `e2e-block-${project}`;
    const conversation = `(SELECT id FROM conversations WHERE create_key = ${q(key)})`;
    sql.push(
      `INSERT INTO friendships (requester_id, addressee_id, status, created_at, accepted_at) VALUES (${id("parent")}, ${id("other")}, 'accepted', ${now - day}, ${now - day});`,
      `INSERT INTO communities (slug, name, category, description, join_policy) VALUES (${q(slug)}, ${q(`Block Street ${project}`)}, 'club', 'Blocking end-to-end tests.', 'request');`,
      `INSERT INTO community_members (community_id, user_id, role, status, created_at) VALUES (${community}, ${id("parent")}, 'owner', 'active', ${now - day}), (${community}, ${id("other")}, 'member', 'active', ${now - day});`,
      `INSERT INTO posts (community_id, author_id, body, created_at) VALUES (${community}, ${id("other")}, ${q(`Raffle tickets for sale ${project}`)}, ${now - 2 * hour});`,
      `INSERT INTO posts (community_id, author_id, body, created_at) VALUES (${community}, ${id("parent")}, ${q(`Street party on Sunday ${project}`)}, ${now - 3 * hour});`,
      `INSERT INTO conversations (type, title, created_at, updated_at, create_key, direct_key) SELECT 0, NULL, ${now - hour}, ${now - hour}, ${q(key)}, printf('%d:%d', min(p.id, o.id), max(p.id, o.id)) FROM users p, users o WHERE p.email = ${q(email("parent"))} AND o.email = ${q(email("other"))};`,
      `INSERT INTO conversation_participants (conversation_id, user_id, last_read_at) VALUES (${conversation}, ${id("parent")}, 0), (${conversation}, ${id("other")}, ${now});`,
      `INSERT INTO messages (conversation_id, sender_id, content, client_msg_id, created_at) VALUES (${conversation}, ${id("other")}, ${q(`Did you see my raffle post ${project}?`)}, ${q(`${key}-1`)}, ${now - hour});`,
    );
  }
  sql.push(
    ...moderationFixtures({ q, now, hour, day, passwordHash }),
    ...exportFixtures({ q, now, hour, day, passwordHash }),
  );
  return sql;
}

/**
 * The moderation queue (tests/e2e/safety.spec.ts), per project: an owner who moderates, a
 * member who reports, and an author whose comment on the owner's post gets reported.
 */
function moderationFixtures({ q, now, hour, day, passwordHash }) {
  const sql = [];
  for (const project of ["js", "nojs"]) {
    const email = (who) => `e2e-mod-${who}-${project}@demo.schoolhub.test`;
    const id = (who) => `(SELECT id FROM users WHERE email = ${q(email(who))})`;
    for (const [who, name] of [
      ["owner", `Mod Owner ${project}`],
      ["member", `Mod Reporter ${project}`],
      ["author", `Mod Author ${project}`],
    ]) {
      sql.push(
        `INSERT INTO users (email, username, name, avatar, email_verified_at, activated_at, password_hash, created_at) VALUES (${q(email(who))}, ${q(`e2e_mod_${who}_${project}`)}, ${q(name)}, 'default', ${now}, ${now}, ${q(passwordHash)}, ${now - day});`,
      );
    }
    const slug = `e2e-mod-${project}`;
    const community = `(SELECT id FROM communities WHERE slug = ${q(slug)})`;
    const post = `(SELECT id FROM posts WHERE body = ${q(`Class photos are up ${project}`)})`;
    sql.push(
      `INSERT INTO communities (slug, name, category, description, join_policy) VALUES (${q(slug)}, ${q(`Moderated Club ${project}`)}, 'club', 'Moderation end-to-end tests.', 'open');`,
      `INSERT INTO community_members (community_id, user_id, role, status, created_at) VALUES (${community}, ${id("owner")}, 'owner', 'active', ${now - day}), (${community}, ${id("member")}, 'member', 'active', ${now - day}), (${community}, ${id("author")}, 'member', 'active', ${now - day});`,
      `INSERT INTO posts (community_id, author_id, body, created_at) VALUES (${community}, ${id("owner")}, ${q(`Class photos are up ${project}`)}, ${now - 2 * hour});`,
      `INSERT INTO comments (post_id, author_id, body, created_at) VALUES (${post}, ${id("author")}, ${q(`Buy cheap watches here ${project}`)}, ${now - hour});`,
    );
  }
  return sql;
}

/** "Download my data" (tests/e2e/safety.spec.ts), per project: someone with a post and a chat message. */
function exportFixtures({ q, now, hour, day, passwordHash }) {
  const sql = [];
  for (const project of ["js", "nojs"]) {
    const email = `e2e-export-${project}@demo.schoolhub.test`;
    const me = `(SELECT id FROM users WHERE email = ${q(email)})`;
    const friend = `(SELECT id FROM users WHERE email = ${q(`e2e-block-other-${project}@demo.schoolhub.test`)})`;
    const slug = `e2e-export-${project}`;
    const community = `(SELECT id FROM communities WHERE slug = ${q(slug)})`;
    const key = `e2e-export-${project}`;
    const conversation = `(SELECT id FROM conversations WHERE create_key = ${q(key)})`;
    sql.push(
      `INSERT INTO users (email, username, name, avatar, email_verified_at, activated_at, password_hash, created_at) VALUES (${q(email)}, ${q(`e2e_export_${project}`)}, ${q(`Export Me ${project}`)}, 'default', ${now}, ${now}, ${q(passwordHash)}, ${now - day});`,
      `INSERT INTO friendships (requester_id, addressee_id, status, created_at, accepted_at) VALUES (${me}, ${friend}, 'accepted', ${now - day}, ${now - day});`,
      `INSERT INTO communities (slug, name, category, description, join_policy) VALUES (${q(slug)}, ${q(`Export Club ${project}`)}, 'club', 'Export end-to-end tests.', 'request');`,
      `INSERT INTO community_members (community_id, user_id, role, status, created_at) VALUES (${community}, ${me}, 'owner', 'active', ${now - day});`,
      `INSERT INTO posts (community_id, author_id, body, created_at) VALUES (${community}, ${me}, ${q(`My export post ${project}`)}, ${now - hour});`,
      `INSERT INTO conversations (type, title, created_at, updated_at, create_key) VALUES (0, NULL, ${now - hour}, ${now - hour}, ${q(key)});`,
      `INSERT INTO conversation_participants (conversation_id, user_id, last_read_at) VALUES (${conversation}, ${me}, ${now}), (${conversation}, ${friend}, 0);`,
      `INSERT INTO messages (conversation_id, sender_id, content, client_msg_id, created_at) VALUES (${conversation}, ${me}, ${q(`Export says hello ${project}`)}, ${q(`${key}-1`)}, ${now - hour});`,
    );
  }
  return sql;
}
