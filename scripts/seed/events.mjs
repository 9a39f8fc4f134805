// Demo calendar (decisions 056–059): the seeded events get their community's zone, a weekly
// club meeting repeats, the current month holds 40 events for the demo parent (what the bench
// measures on /calendar), and end-to-end tests get their own users and communities per project.

const DAY = 86_400_000;
const HOUR = 3_600_000;
const ZONE = "America/Los_Angeles"; // Riverside, CA

const TITLES = [
  "PTO meeting",
  "Book fair",
  "Spelling bee",
  "Science night",
  "Picture retake day",
  "Field trip",
  "Soccer practice",
  "Robotics build session",
  "Parent coffee",
  "Art show",
  "Band rehearsal",
  "Library volunteers",
  "Math club",
  "Bake sale",
  "Movie night",
  "Career day",
];

/** SQL for the demo calendar; `q` quotes values, `users` are the e2e accounts to create. */
export function eventsSeedSql(q, { now, hashPassword, password }) {
  const sql = [`UPDATE events SET time_zone = '${ZONE}';`];
  // Robotics Club (community 6) meets every Tuesday at 15:30 local time until the end of term.
  const tuesday = nextWeekday(now, 2);
  sql.push(
    `INSERT INTO events (community_id, title, description, location, starts_at, ends_at, all_day, time_zone, recurrence, recurrence_until, capacity, created_by) VALUES (6, 'Robotics club meeting', 'Bring a laptop if you have one.', 'Room 204', ${tuesday + 23 * HOUR + 30 * 60_000}, ${tuesday + 25 * HOUR}, 0, '${ZONE}', 'weekly', ${tuesday + 90 * DAY}, 12, 3);`,
  );
  // 40 events this month in the demo parent's communities (1, 2, 5, 6).
  const date = new Date(now);
  const first = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const days = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  const communities = [1, 2, 5, 6];
  for (let i = 0; i < 40; i++) {
    const day = first + (i % days) * DAY;
    // 15:00–20:00 Pacific, as UTC (Pacific is 7–8 hours behind; the exact hour is not the point).
    const start = day + (23 + (i % 5)) * HOUR;
    sql.push(
      `INSERT INTO events (community_id, title, location, starts_at, ends_at, all_day, time_zone, created_by) VALUES (${communities[i % 4]}, ${q(`${TITLES[i % TITLES.length]}`)}, 'Lincoln Elementary', ${start}, ${start + HOUR}, 0, '${ZONE}', 5);`,
    );
  }
  // End-to-end: per Playwright project a manager, two members and a community they share.
  for (const project of ["js", "nojs"]) {
    const slug = `e2e-calendar-${project}`;
    sql.push(
      `INSERT INTO communities (slug, name, category, description, join_policy, school_id) VALUES ('${slug}', 'E2E Calendar ${project}', 'club', 'Calendar end-to-end tests.', 'request', 1);`,
    );
    for (const [who, role] of [
      ["manager", "manager"],
      ["member", "member"],
      ["waiter", "member"],
      ["schools", null],
    ]) {
      const email = `e2e-cal-${who}-${project}@demo.schoolhub.test`;
      sql.push(
        `INSERT INTO users (email, username, name, avatar, email_verified_at, activated_at, password_hash, created_at) VALUES (${q(email)}, ${q(`e2e_cal_${who}_${project}`)}, ${q(`Cal ${who} ${project}`)}, 'default', ${now}, ${now}, ${q(hashPassword(password))}, ${now - DAY});`,
      );
      if (role) {
        sql.push(
          `INSERT INTO community_members (community_id, user_id, role, status) VALUES ((SELECT id FROM communities WHERE slug = '${slug}'), (SELECT id FROM users WHERE email = ${q(email)}), '${role}', 'active');`,
        );
      }
    }
  }
  return sql;
}

function nextWeekday(now, weekday) {
  const today = Math.floor(now / DAY) * DAY;
  const delta = (weekday - new Date(today).getUTCDay() + 7) % 7 || 7;
  return today + delta * DAY;
}
