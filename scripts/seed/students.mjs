// End-to-end people for students (tests/e2e/students.spec.ts, issue 26 item 1, decision 175),
// per browser project: a parent with a confirmed link to their child, who is not yet marked as
// a student.

/** @param {{ q: (v: unknown) => string, now: number, day: number, passwordHash: string }} h */
export function studentsFixtures({ q, now, day, passwordHash }) {
  const sql = [];
  for (const project of ["js", "nojs"]) {
    const email = (who) => `e2e-student-${who}-${project}@demo.schoolhub.test`;
    const id = (who) => `(SELECT id FROM users WHERE email = ${q(email(who))})`;
    for (const [who, name] of [
      ["parent", `Student Parent ${project}`],
      ["child", `Student Child ${project}`],
    ]) {
      sql.push(
        `INSERT INTO users (email, username, name, avatar, email_verified_at, activated_at, password_hash, created_at) VALUES (${q(email(who))}, ${q(`e2e_student_${who}_${project}`)}, ${q(name)}, 'default', ${now}, ${now}, ${q(passwordHash)}, ${now - day});`,
      );
    }
    sql.push(
      `INSERT INTO family_links (parent_id, child_id, state, code, confirmed_by, confirmed_at, created_at) VALUES (${id("parent")}, ${id("child")}, 'confirmed', 'E2E0-STUD', ${id("child")}, ${now - day}, ${now - day});`,
    );
  }
  sql.push(...parentViewFixtures({ q, now, day, passwordHash }));
  return sql;
}

/**
 * A parent reading their child's conversation with staff (tests/e2e/parent-view.spec.ts,
 * decision 185), per project: a teacher who owns a class, a 15-year-old student in it with a
 * direct chat with the teacher, and the student's confirmed parent, who is in neither; and a
 * pupil of the class whom the teacher marks as a student from the members page.
 *
 * @param {{ q: (v: unknown) => string, now: number, day: number, passwordHash: string }} h
 */
function parentViewFixtures({ q, now, day, passwordHash }) {
  const sql = [];
  const hour = 3_600_000;
  for (const project of ["js", "nojs"]) {
    const email = (who) => `e2e-pv-${who}-${project}@demo.schoolhub.test`;
    const id = (who) => `(SELECT id FROM users WHERE email = ${q(email(who))})`;
    for (const [who, name] of [
      ["parent", `Reading Parent ${project}`],
      ["student", `Reading Student ${project}`],
      ["teacher", `Reading Teacher ${project}`],
      ["pupil", `Reading Pupil ${project}`],
    ]) {
      sql.push(
        `INSERT INTO users (email, username, name, avatar, email_verified_at, activated_at, password_hash, created_at) VALUES (${q(email(who))}, ${q(`e2e_pv_${who}_${project}`)}, ${q(name)}, 'default', ${now}, ${now}, ${q(passwordHash)}, ${now - day});`,
      );
    }
    const slug = `e2e-pv-class-${project}`;
    const community = `(SELECT id FROM communities WHERE slug = ${q(slug)})`;
    const key = `e2e-pv-${project}`;
    const conversation = `(SELECT id FROM conversations WHERE create_key = ${q(key)})`;
    const year = new Date(now).getUTCFullYear() - 15;
    sql.push(
      `INSERT INTO family_links (parent_id, child_id, state, code, confirmed_by, confirmed_at, created_at) VALUES (${id("parent")}, ${id("student")}, 'confirmed', 'E2E0-PVIE', ${id("student")}, ${now - day}, ${now - day});`,
      `INSERT INTO student_accounts (user_id, birth_year, set_by) VALUES (${id("student")}, ${year}, ${id("parent")});`,
      `INSERT INTO communities (slug, name, category, description, join_policy) VALUES (${q(slug)}, ${q(`Reading Class ${project}`)}, 'classroom', 'Parent view end-to-end tests.', 'request');`,
      `INSERT INTO community_members (community_id, user_id, role, status, created_at) VALUES (${community}, ${id("teacher")}, 'owner', 'active', ${now - day}), (${community}, ${id("student")}, 'member', 'active', ${now - day}), (${community}, ${id("pupil")}, 'member', 'active', ${now - day});`,
      `INSERT INTO conversations (type, title, created_at, updated_at, create_key, direct_key) SELECT 0, NULL, ${now - hour}, ${now - hour}, ${q(key)}, printf('%d:%d', min(t.id, s.id), max(t.id, s.id)) FROM users t, users s WHERE t.email = ${q(email("teacher"))} AND s.email = ${q(email("student"))};`,
      `INSERT INTO conversation_participants (conversation_id, user_id, last_read_at) VALUES (${conversation}, ${id("teacher")}, ${now}), (${conversation}, ${id("student")}, ${now});`,
      `INSERT INTO messages (conversation_id, sender_id, content, client_msg_id, created_at) VALUES (${conversation}, ${id("teacher")}, ${q(`Your science project is due Friday ${project}`)}, ${q(`${key}-1`)}, ${now - hour}), (${conversation}, ${id("student")}, ${q(`I will hand it in on Thursday ${project}`)}, ${q(`${key}-2`)}, ${now - hour + 60_000});`,
    );
  }
  return sql;
}
