// Demo data of issue 25: Room 12 (community 2, "by request") has a join code and an invitation
// link, so its printable sheet at /communities/2/manage/invite shows them (decision 155). The
// values are fixed for the demo only; real ones are random (app/server/invitations/secrets.server.ts).
import { createHash } from "node:crypto";

export const DEMO_JOIN_CODE = "K7P-Q4M";
export const DEMO_INVITE_TOKEN = "demoRoom12InvitationLinkToken00000000000000";

const sha256 = (text) => createHash("sha256").update(text).digest("hex");

// Room 12's roster (issue 25 item 3, decision 173): invitations e-mailed from it, in each state
// a teacher sees, and Pat Parent (user 1) confirmed as Sam Student's parent through it (decision
// 174). Their links are not shown anywhere: only the states are demo data.
const ROSTER = [
  ["parent@demo.schoolhub.test", "Pat Parent", "Sam Student", "joined", 1],
  ["jordan.lee@example.com", "Jordan Lee", "Riley Lee", "sent", null],
  ["kim.nguyen@example.com", "Kim Nguyen", "Bao Nguyen", "sent", null],
  ["chris.park@example.com", "Chris Park", "Mina Park", "bounced", null],
];

export function invitationsSeedSql(q, now = Date.now()) {
  const expires = now + 14 * 86_400_000;
  return [
    ...ROSTER.map(
      ([email, name, student, state, joined], index) =>
        `INSERT INTO roster_invitations (community_id, email, name, student, token_hash, state, invited_by, expires_at, sent_at, joined_user_id) VALUES (2, ${q(email)}, ${q(name)}, ${q(student)}, ${q(sha256(`demo-roster-${index}`))}, ${q(state)}, 2, ${expires}, ${now}, ${joined ?? "NULL"});`,
    ),
    `INSERT INTO roster_parents (community_id, student, parent_id, state, confirmed_by, confirmed_at) VALUES (2, 'Sam Student', 1, 'confirmed', 2, ${now});`,
    `INSERT INTO community_invites (community_id, code, token, code_hash, token_hash, enabled) VALUES (2, ${q(DEMO_JOIN_CODE)}, ${q(DEMO_INVITE_TOKEN)}, ${q(sha256(DEMO_JOIN_CODE))}, ${q(sha256(DEMO_INVITE_TOKEN))}, 1);`,
  ];
}
