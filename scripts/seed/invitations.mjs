// Demo data of issue 25: Room 12 (community 2, "by request") has a join code and an invitation
// link, so its printable sheet at /communities/2/manage/invite shows them (decision 155). The
// values are fixed for the demo only; real ones are random (app/server/invitations/secrets.server.ts).
import { createHash } from "node:crypto";

export const DEMO_JOIN_CODE = "K7P-Q4M";
export const DEMO_INVITE_TOKEN = "demoRoom12InvitationLinkToken00000000000000";

const sha256 = (text) => createHash("sha256").update(text).digest("hex");

export function invitationsSeedSql(q) {
  return [
    `INSERT INTO community_invites (community_id, code, token, code_hash, token_hash, enabled) VALUES (2, ${q(DEMO_JOIN_CODE)}, ${q(DEMO_INVITE_TOKEN)}, ${q(sha256(DEMO_JOIN_CODE))}, ${q(sha256(DEMO_INVITE_TOKEN))}, 1);`,
  ];
}
