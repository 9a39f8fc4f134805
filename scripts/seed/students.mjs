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
  return sql;
}
