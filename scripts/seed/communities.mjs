// Demo data for communities, posts and the newsfeed (decision 046): every demo user (ids 1–6)
// belongs to several of the eight seeded communities, whose feeds hold 64 more posts with
// comments, replies and likes, so a first sign-in looks alive. communitiesFixtures: the end-to-end users of
// tests/e2e/communities.spec.ts, one set per browser project; those tests create their own
// communities and posts and never rely on the demo ones.

const DEMO_USERS = [1, 2, 3, 4, 5, 6];

// [user, community]: on top of seed.mjs's owners and members.
const MEMBERSHIPS = [
  [1, 1],
  [1, 2],
  [1, 3],
  [1, 5],
  [1, 8],
  [2, 1],
  [2, 5],
  [2, 7],
  [3, 3],
  [3, 5],
  [3, 7],
  [4, 1],
  [4, 3],
  [4, 6],
  [5, 2],
  [5, 3],
  [5, 4],
  [5, 7],
  [6, 1],
  [6, 3],
  [6, 4],
  [6, 5],
  [6, 8],
];

const TOPICS = {
  1: [
    "Volunteers needed for the spring carnival ticket booth.",
    "The PTO meeting minutes are posted on the board.",
    "Book fair totals are in, thank you all!",
    "We are collecting box tops until the end of the month.",
    "Teacher appreciation week: sign up to bring lunch.",
    "The fun run raised enough for new playground shade.",
    "Who can help sort lost-and-found on Friday?",
    "Thank you for a packed general meeting last night!",
  ],
  2: [
    "Spelling list for next week is in the folder.",
    "We start our plant unit on Monday: seeds welcome!",
    "Field trip permission slips are due Thursday.",
    "Reading buddies start again after the break.",
    "Please send a labelled water bottle every day.",
    "Our class mural is finished. Come see it at pick-up!",
    "Math night is next Tuesday at 6 pm.",
    "Library books go back on Wednesdays.",
  ],
  3: [
    "Picture retakes are next Thursday.",
    "The office closes early on Friday for staff training.",
    "Lunch menu for the month is on the website.",
    "Please use the Elm Street entrance during construction.",
    "The spring concert moves to the gym.",
    "Kindergarten registration opens on March 1.",
    "Attendance line: call before 9 am.",
    "Congratulations to our science fair winners!",
  ],
  4: [
    "Calendar for next school year approved by the board.",
    "Snow day make-up will be Friday, June 7.",
    "Bus route changes start on Monday.",
    "Board meeting livestream link on the district site.",
    "Summer school enrollment is open.",
    "Free breakfast continues for all students.",
    "New crossing guard at 5th and Main.",
    "District art show opens at the library.",
  ],
  5: [
    "Practice moves to 5:30 on Wednesday.",
    "Great effort against the Eagles on Saturday!",
    "Snack rotation list is posted. Thanks, parents!",
    "Bring shin guards and water to every practice.",
    "Team photos this Saturday before the game.",
    "End-of-season party at the park on the 20th.",
    "Carpool sign-up for the away game is open.",
    "We need two more volunteer referees.",
  ],
  6: [
    "Robot drivetrain rebuilt, testing on Thursday.",
    "We need cardboard for prototypes!",
    "Competition registration fee is due next week.",
    "Welcome to our three new members!",
    "Coding session moved to the library lab.",
    "Regional finals schedule posted.",
    "Thank you to the sponsors who bought our new motors.",
    "Open house demo on Friday afternoon.",
  ],
  7: [
    "Playdate at Riverside Park on Saturday morning?",
    "Any tips for the first week of kindergarten?",
    "Lost: small blue jacket with a dinosaur patch.",
    "Who is walking to school from Maple Street?",
    "Birthday invitations: whole-class rule reminder.",
    "Great morning at the library story time!",
    "Looking for a carpool on Tuesdays.",
    "Swapping outgrown rain boots, size 11.",
  ],
  8: [
    "Spring session sign-ups open next Monday.",
    "Early pick-up forms are at the front desk.",
    "Homework help room is now in Room 4.",
    "We will be closed on the teacher training day.",
    "Art club starts next week for grades 2–5.",
    "Please update your emergency contacts.",
    "Late pick-up fee changes in April.",
    "Thanks to the families who donated games!",
  ],
};

const COMMENTS = [
  "Thank you for sharing!",
  "We'll be there.",
  "Great news!",
  "Can I help with this?",
  "Thanks for the reminder.",
  "Is there a sign-up sheet?",
];
const REPLIES = ["Yes, it's by the office.", "See you then!", "Thank you!"];

/** Pushes SQL for the communities area onto `sql`; `q` quotes a value. */
export function seedCommunities({ sql, q, now, day, hour }) {
  for (const [user, community] of MEMBERSHIPS) {
    sql.push(
      `INSERT OR IGNORE INTO community_members (community_id, user_id, role, status) VALUES (${community}, ${user}, 'member', 'active');`,
    );
  }
  // Members of each community, to pick authors from (owners included, as seed.mjs made them).
  const membersOf = (community) => [
    ...new Set([
      ...MEMBERSHIPS.filter(([, c]) => c === community).map(([u]) => u),
      ...DEMO_USERS.filter((u) => (u + community) % 3 === 0),
    ]),
  ];
  for (const [user, community] of DEMO_USERS.flatMap((u) =>
    [1, 2, 3, 4, 5, 6, 7, 8].filter((c) => (u + c) % 3 === 0).map((c) => [u, c]),
  )) {
    sql.push(
      `INSERT OR IGNORE INTO community_members (community_id, user_id, role, status) VALUES (${community}, ${user}, 'member', 'active');`,
    );
  }
  let postId = 1000;
  let commentId = 1000;
  for (const [community, topics] of Object.entries(TOPICS)) {
    const authors = membersOf(Number(community));
    topics.forEach((body, i) => {
      postId += 1;
      const author = authors[i % authors.length];
      const createdAt = now - (i * 7 + Number(community)) * 3 * hour;
      sql.push(
        `INSERT INTO posts (id, community_id, author_id, body, created_at) VALUES (${postId}, ${community}, ${author}, ${q(body)}, ${createdAt});`,
      );
      const commenters = authors.filter((u) => u !== author).slice(0, (i % 3) + 1);
      commenters.forEach((commenter, k) => {
        commentId += 1;
        sql.push(
          `INSERT INTO comments (id, post_id, author_id, body, created_at) VALUES (${commentId}, ${postId}, ${commenter}, ${q(COMMENTS[(i + k) % COMMENTS.length])}, ${createdAt + (k + 1) * 600_000});`,
        );
        if (k === 0 && i % 2 === 0) {
          const parent = commentId;
          commentId += 1;
          sql.push(
            `INSERT INTO comments (id, post_id, parent_id, author_id, body, created_at) VALUES (${commentId}, ${postId}, ${parent}, ${author}, ${q(REPLIES[i % REPLIES.length])}, ${createdAt + 3_600_000});`,
          );
        }
      });
      for (const liker of authors.filter((u) => u !== author).slice(0, i % 4)) {
        sql.push(
          `INSERT OR IGNORE INTO likes (user_id, target_type, target_id, created_at) VALUES (${liker}, 'post', ${postId}, ${createdAt + day / 4});`,
        );
      }
    });
  }
}

/** SQL for tests/e2e/communities.spec.ts's strangers to every community (scripts/seed/e2e-fixtures.mjs). */
export function communitiesFixtures({ q, now, day, passwordHash }) {
  const sql = [];
  // End-to-end users (tests/e2e/communities.spec.ts): strangers to every community.
  for (const project of ["js", "nojs"]) {
    for (const who of ["owner", "member", "reporter"]) {
      sql.push(
        `INSERT INTO users (email, username, name, avatar, email_verified_at, activated_at, password_hash, created_at) VALUES (${q(`e2e-communities-${who}-${project}@demo.schoolhub.test`)}, ${q(`e2e_comm_${who}_${project}`)}, ${q(`Communities ${who} ${project}`)}, 'default', ${now}, ${now}, ${q(passwordHash)}, ${now - day});`,
      );
    }
  }
  return sql;
}
