// The end-to-end tests' own people, communities and posts (`node scripts/seed.mjs --fixtures e2e`),
// added to the end-to-end server's database after the demo data (scripts/serve-e2e.mjs), never to
// the one `npm start` serves: a demo is a school, not a test run (decision 125). Each test signs in
// as accounts of its own, one set per Playwright project, so runs with and without JavaScript never
// step on each other or on the demo users. Ids come from the database.
import { chatFixtures } from "./chat.mjs";
import { chatGroupsFixtures } from "./chat-groups.mjs";
import { communitiesFixtures } from "./communities.mjs";
import { calendarFixtures } from "./events.mjs";
import { inboxFixtures } from "./inbox.mjs";
import { layoutSeed } from "./layout.mjs";
import { operatorFixtures } from "./moderation.mjs";
import { pwaFixtures } from "./pwa.mjs";
import { safetyFixtures } from "./safety.mjs";
import { studentsFixtures } from "./students.mjs";

/** SQL statements; `q` quotes a value, `passwordHash` is the demo password's hash. */
export function e2eFixturesSql({ q, passwordHash, now, day, hour }) {
  const sql = [];
  const person = (email, username, name) =>
    `INSERT INTO users (email, username, name, avatar, email_verified_at, activated_at, password_hash, created_at) VALUES (${q(email)}, ${q(username)}, ${q(name)}, 'default', ${now}, ${now}, ${q(passwordHash)}, ${now - day});`;

  // Accounts that tests change (settings, password, deletion).
  for (const project of ["js", "nojs"]) {
    for (const purpose of ["settings", "password", "delete"]) {
      sql.push(
        person(
          `e2e-${purpose}-${project}@demo.schoolhub.test`,
          `e2e_${purpose}_${project}`,
          `E2E ${purpose} ${project}`,
        ),
      );
    }
  }

  // A notification mail's unsubscribe link (tests/e2e/unsubscribe.spec.ts, decision 169): a
  // settings row with a known token per project, opened signed out.
  for (const project of ["js", "nojs"]) {
    sql.push(
      person(
        `e2e-unsubscribe-${project}@demo.schoolhub.test`,
        `e2e_unsubscribe_${project}`,
        `E2E unsubscribe ${project}`,
      ),
      `INSERT INTO notification_settings (user_id, unsubscribe_token)
        SELECT id, ${q(`e2e-unsubscribe-${project}-token-0123456789abcdefghijkl`)} FROM users WHERE username = ${q(`e2e_unsubscribe_${project}`)};`,
    );
  }

  // …and the one who gets a real mail to follow: friend requests right away, no quiet hours.
  for (const project of ["js", "nojs"]) {
    sql.push(
      person(`e2e-unsubmail-${project}@demo.schoolhub.test`, `e2e_unsubmail_${project}`, `E2E unsubmail ${project}`),
      `INSERT INTO notification_settings (user_id, friends_email, quiet_start, quiet_end, unsubscribe_token)
        SELECT id, 'immediate', 0, 0, ${q(`e2e-unsubmail-${project}-token-0123456789abcdefghijklm`)} FROM users WHERE username = ${q(`e2e_unsubmail_${project}`)};`,
    );
  }

  // The viewer's zone (tests/e2e/viewer-time-zone.spec.ts): an account no other test signs in
  // with, so its first page is the one that tells the server the browser's zone (decision 121);
  // in Sam's communities, so its newsfeed has posts, and in no conversation.
  sql.push(
    person("e2e-zone-js@demo.schoolhub.test", "e2e_zone_js", "Zone Viewer"),
    `INSERT INTO community_members (community_id, user_id, role, status, created_at)
      SELECT m.community_id, (SELECT id FROM users WHERE username = 'e2e_zone_js'), 'member', 'active', ${now - day}
      FROM community_members m JOIN users u ON u.id = m.user_id
      WHERE u.username = 'samstudent' AND m.status = 'active';`,
  );

  // The notifications dropdown (tests/e2e/notifications.spec.ts): one user per test and browser
  // project, so parallel runs never mark each other's notifications read.
  for (const key of ["js-open", "js-all", "js-live", "nojs-open", "nojs-all"]) {
    const email = `e2e-notify-${key}@demo.schoolhub.test`;
    const userId = `(SELECT id FROM users WHERE email = ${q(email)})`;
    sql.push(
      person(email, `e2e_notify_${key.replace("-", "_")}`, `Notify ${key}`),
      `INSERT INTO notifications (oid, user_id, title, url, seen, created_at) VALUES
      (${q(`e2e-${key}-1`)}, ${userId}, 'Terry Teacher accepted your friend request', 'http://localhost/profile/friends', 1, ${now - 3 * hour}),
      (${q(`e2e-${key}-2`)}, ${userId}, 'New post in Lincoln PTO', 'http://localhost/about/aup', 0, ${now - 2 * hour}),
      (${q(`e2e-${key}-3`)}, ${userId}, 'Sam Student sent you a friend request', 'http://localhost/profile/friends?tab=incoming', 0, ${now - hour});`,
    );
  }

  // Friend requests (tests/e2e/friends.spec.ts): strangers to everyone; a/b send and accept,
  // c/d send and cancel, e uploads an avatar.
  for (const project of ["js", "nojs"]) {
    for (const who of ["a", "b", "c", "d", "e"]) {
      sql.push(
        person(
          `e2e-friends-${who}-${project}@demo.schoolhub.test`,
          `e2e_friends_${who}_${project}`,
          `Friends ${who.toUpperCase()} ${project}`,
        ),
      );
    }
  }

  // A long friends list (decisions 191, 215: pages of 20): "Friends Many" has 52 friends, Pal 01–52.
  for (const project of ["js", "nojs"]) {
    const many = `e2e_friends_many_${project}`;
    sql.push(
      person(`e2e-friends-many-${project}@demo.schoolhub.test`, many, `Friends Many ${project}`),
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 52)
        INSERT INTO users (email, username, name, avatar, activated_at, created_at)
        SELECT printf('e2e-pal-%02d-${project}@demo.schoolhub.test', i), printf('e2e_pal_%02d_${project}', i),
          printf('Pal %02d ${project}', i), 'default', ${now}, ${now - day} FROM n;`,
      `INSERT INTO friendships (requester_id, addressee_id, status, created_at, accepted_at)
        SELECT u.id, (SELECT id FROM users WHERE username = ${q(many)}), 'accepted', ${now - day}, ${now - day}
        FROM users u WHERE u.username GLOB 'e2e_pal_*_${project}';`,
      // And 5 requests waiting, an hour apart (decision 221: the newest 3, then "See all requests (5)").
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5)
        INSERT INTO users (email, username, name, avatar, activated_at, created_at)
        SELECT printf('e2e-asker-%02d-${project}@demo.schoolhub.test', i), printf('e2e_asker_%02d_${project}', i),
          printf('Asker %02d ${project}', i), 'default', ${now}, ${now - day} FROM n;`,
      `INSERT INTO friendships (requester_id, addressee_id, status, created_at)
        SELECT u.id, (SELECT id FROM users WHERE username = ${q(many)}), 'pending',
          ${now - day} + CAST(substr(u.username, 11, 2) AS INTEGER) * ${hour}
        FROM users u WHERE u.username GLOB 'e2e_asker_*_${project}';`,
    );
  }

  sql.push(
    ...layoutSeed({ q, passwordHash, now }),
    ...calendarFixtures(q, { now, passwordHash }),
    ...communitiesFixtures({ q, now, day, passwordHash }),
    ...chatFixtures({ q, now, hour, day, passwordHash }),
    ...chatGroupsFixtures({ q, now, hour, day, passwordHash }),
    ...inboxFixtures({ q, now, hour, day, passwordHash }),
    ...pwaFixtures({ q, now, hour, day, passwordHash }),
    ...safetyFixtures({ q, now, hour, day, passwordHash }),
    ...operatorFixtures({ q, now, hour, day, passwordHash }),
    ...studentsFixtures({ q, now, day, passwordHash }),
  );
  return sql;
}
