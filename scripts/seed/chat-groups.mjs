// Chat groups demo data (docs/decisions/060-chat-groups.md): two more group
// conversations with history for the demo users; chatGroupsFixtures: people for
// tests/e2e/chat-groups.spec.ts (scripts/seed/e2e-fixtures.mjs). Both return SQL statements.

const volunteers = [
  [5, "Thanks for volunteering for Friday's museum trip! We need four drivers."],
  [1, "I can drive, and I have room for three kids."],
  [2, "Wonderful. The bus leaves at 8:30; drivers please be there by 8:15."],
  [5, "Pat, could you also bring the first-aid kit from the PTO cupboard?"],
  [1, "Sure, I will pick it up on Thursday."],
  [2, "Here is the museum's page with the parking map: https://example.org/museum"],
  [5, "Lunch is at noon in the picnic area.\nRain plan: the museum café."],
  [1, "Perfect, see you all on Friday!"],
];

const teachers = [
  [2, "Reminder: report cards are due next Wednesday."],
  [4, "Can the grade 4 team meet after practice on Tuesday?"],
  [5, "The PTO can cover snacks for that meeting."],
  [2, "Tuesday at 4 works for me."],
];

/** @param {{ q: (v: unknown) => string, now: number, hour: number, day: number }} h */
export function chatGroupsSeed({ q, now, hour, day }) {
  const sql = [];
  const group = (key, title, members, lines, start) => {
    const id = `(SELECT id FROM conversations WHERE create_key = ${q(key)})`;
    const last = start + (lines.length - 1) * 20 * 60_000;
    sql.push(
      `INSERT INTO conversations (type, title, created_at, updated_at, create_key) VALUES (1, ${q(title)}, ${start}, ${last}, ${q(key)});`,
      `INSERT INTO conversation_participants (conversation_id, user_id, last_read_at) VALUES ${members
        .map((userId, i) => `(${id}, ${userId}, ${i === 0 ? start : last})`)
        .join(", ")};`,
      `INSERT INTO messages (conversation_id, sender_id, content, client_msg_id, created_at) VALUES ${lines
        .map(([sender, text], i) => `(${id}, ${sender}, ${q(text)}, ${q(`${key}-${i}`)}, ${start + i * 20 * 60_000})`)
        .join(",\n")};`,
    );
  };
  // Pat (1) has the volunteers' group unread; Terry (2), Casey (4) and Morgan (5) teach and organise.
  group("seed-group-volunteers", "Field trip volunteers", [1, 2, 5], volunteers, now - 5 * hour);
  group("seed-group-teachers", "Grade 4 team", [2, 4, 5], teachers, now - day);

  return sql;
}

/** @param {{ q: (v: unknown) => string, now: number, hour: number, day: number, passwordHash: string }} h */
export function chatGroupsFixtures({ q, now, hour, day, passwordHash }) {
  const sql = [];
  // End-to-end people (tests/e2e/chat-groups.spec.ts), per browser project: a is friends with
  // b and c, who are not friends with each other; d is a stranger to all.
  for (const project of ["js", "nojs"]) {
    const email = (who) => `e2e-group-${who}-${project}@demo.schoolhub.test`;
    for (const who of ["a", "b", "c", "d"]) {
      sql.push(
        `INSERT INTO users (email, username, name, avatar, email_verified_at, activated_at, password_hash, created_at) VALUES (${q(email(who))}, ${q(`e2e_group_${who}_${project}`)}, ${q(`Group ${who.toUpperCase()} ${project}`)}, 'default', ${now}, ${now}, ${q(passwordHash)}, ${now - day});`,
      );
    }
    const id = (who) => `(SELECT id FROM users WHERE email = ${q(email(who))})`;
    for (const friend of ["b", "c"]) {
      sql.push(
        `INSERT INTO friendships (requester_id, addressee_id, status, created_at, accepted_at) VALUES (${id("a")}, ${id(friend)}, 'accepted', ${now - hour}, ${now - hour});`,
      );
    }
  }
  return sql;
}
