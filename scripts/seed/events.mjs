// Demo calendar (decisions 056–059): the seeded events get their community's zone, a weekly
// club meeting repeats, and the current month holds exactly 40 events for the demo parent (what the
// bench measures on /calendar). The end-to-end tests' calendar people: calendarFixtures.

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

/** SQL for the demo calendar; `q` quotes values. */
export function eventsSeedSql(q, { now }) {
  const sql = [`UPDATE events SET time_zone = '${ZONE}';`];
  // Robotics Club (community 6) meets every Tuesday at 15:30 local time until the end of term.
  const tuesday = nextWeekday(now, 2);
  sql.push(
    `INSERT INTO events (community_id, title, description, location, starts_at, ends_at, all_day, time_zone, recurrence, recurrence_until, capacity, created_by) VALUES (6, 'Robotics club meeting', 'Bring a laptop if you have one.', 'Room 204', ${tuesday + 23 * HOUR + 30 * 60_000}, ${tuesday + 25 * HOUR}, 0, '${ZONE}', 'weekly', ${tuesday + 90 * DAY}, 12, 3);`,
  );
  // This month holds exactly 40 events for the demo parent (what the bench measures on
  // /calendar): the robotics meetings and the hand-written events of seed.mjs that fall in it,
  // then one-off events of their communities (1, 2, 5, 6) until there are 40. Each insert
  // counts what the parent already sees this month (decision 057's `visibleTo`), so the total
  // holds whatever day of the month the seed runs.
  const date = new Date(now);
  const first = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const next = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  const days = (next - first) / DAY;
  let robotics = 0;
  for (let day = tuesday; day <= tuesday + 90 * DAY; day += 7 * DAY) if (day >= first && day < next) robotics += 1;
  // The page shows Pacific dates: timed events count by their Pacific day (UTC-8 at the month's
  // edges is near enough: no seeded time falls between 07:00 and 08:00 UTC), all-day ones by date.
  const seen = `(SELECT count(*) FROM events WHERE recurrence = 'none' AND cancelled_at IS NULL
    AND (CASE WHEN all_day = 1 THEN starts_at >= ${first} AND starts_at < ${next}
      ELSE starts_at >= ${first + 8 * HOUR} AND starts_at < ${next + 8 * HOUR} END)
    AND (community_id IN (SELECT community_id FROM community_members WHERE user_id = 1 AND status = 'active')
      OR community_id IN (SELECT id FROM communities WHERE school_id IN (SELECT school_id FROM school_follows WHERE user_id = 1))
      OR school_id IN (SELECT school_id FROM school_follows WHERE user_id = 1)))`;
  const communities = [1, 2, 5, 6];
  for (let i = 0; i < 40; i++) {
    const day = first + (i % days) * DAY;
    // 15:00–20:00 Pacific, as UTC (Pacific is 7–8 hours behind; the exact hour is not the point).
    const start = day + (23 + (i % 5)) * HOUR;
    sql.push(
      `INSERT INTO events (community_id, title, location, starts_at, ends_at, all_day, time_zone, created_by) SELECT ${communities[i % 4]}, ${q(`${TITLES[i % TITLES.length]}`)}, 'Lincoln Elementary', ${start}, ${start + HOUR}, 0, '${ZONE}', 5 WHERE ${seen} + ${robotics} < 40;`,
    );
  }
  return sql;
}

/**
 * End-to-end fixtures (tests/e2e/calendar.spec.ts; scripts/seed/e2e-fixtures.mjs): per
 * Playwright project a manager, two members and a community they share, and a stranger.
 */
export function calendarFixtures(q, { now, passwordHash }) {
  const sql = [];
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
        `INSERT INTO users (email, username, name, avatar, email_verified_at, activated_at, password_hash, created_at) VALUES (${q(email)}, ${q(`e2e_cal_${who}_${project}`)}, ${q(`Cal ${who} ${project}`)}, 'default', ${now}, ${now}, ${q(passwordHash)}, ${now - DAY});`,
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
