// People for the end-to-end tests of the installable app (tests/e2e/pwa.spec.ts, issue 23), per
// browser project: a and b are friends (they chat), c shares the device with a, d signs out while
// a page is on its way.

/** @param {{ q: (v: unknown) => string, now: number, hour: number, day: number, passwordHash: string }} h */
export function pwaFixtures({ q, now, hour, day, passwordHash }) {
  const sql = [];
  for (const project of ["js", "nojs"]) {
    const email = (who) => `e2e-pwa-${who}-${project}@demo.schoolhub.test`;
    for (const who of ["a", "b", "c", "d"]) {
      sql.push(
        `INSERT INTO users (email, username, name, avatar, email_verified_at, activated_at, password_hash, created_at) VALUES (${q(email(who))}, ${q(`e2e_pwa_${who}_${project}`)}, ${q(`Pwa ${who.toUpperCase()} ${project}`)}, 'default', ${now}, ${now}, ${q(passwordHash)}, ${now - day});`,
      );
    }
    const id = (who) => `(SELECT id FROM users WHERE email = ${q(email(who))})`;
    sql.push(
      `INSERT INTO friendships (requester_id, addressee_id, status, created_at, accepted_at) VALUES (${id("a")}, ${id("b")}, 'accepted', ${now - hour}, ${now - hour});`,
    );
  }
  return sql;
}
