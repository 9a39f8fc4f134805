import { desc, sql } from "drizzle-orm";
import { DAY_MS, ROSTER_INVITATION_DAYS } from "~/lib/durations";
import type { CheckedRow, RosterRow, RosterState, RosterStatus } from "~/lib/forms/roster";
import { secondsLeft, windowTries } from "~/server/auth/rate-limit.server";
import { communityWithMembershipQuery, managesSql } from "~/server/communities/communities.server";
import { managerAccess } from "~/server/communities/manage.server";
import { batch, sqlRows } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { enqueue } from "~/server/queue/queue.server";
import { type Actor, batchAs, tokenIsCurrent } from "~/server/users/session-user.server";
import { newInviteToken, secretHash } from "./secrets.server";

const r = schema.rosterInvitations;

/** How long an e-mailed invitation's link works, from its last sending (decision 173). */
const TTL = ROSTER_INVITATION_DAYS * DAY_MS;

/**
 * Invitation mails one manager may send in 24 hours, resends included: a whole school's families
 * in a day or two, but not a mailing list for whoever takes over a manager's account.
 */
export const ROSTER_MAILS_PER_DAY = { limit: 2000, windowMs: 86_400_000 };

/** The 24-hour window of one manager's invitation mails. */
function mailAllowance(managerId: number, tries: number, now: number) {
  return windowTries(`roster:mails:${managerId}`, ROSTER_MAILS_PER_DAY, tries, now);
}

/** What a send answers: how many went, or that the manager's daily mails are used up. */
export type RosterSent = { status: "sent"; count: number } | { status: "limited"; retryAfterSeconds: number };

function limitedUntil(over: { window_start: number }[], now: number): RosterSent | null {
  const row = over[0];
  return row
    ? { status: "limited", retryAfterSeconds: secondsLeft(row.window_start, ROSTER_MAILS_PER_DAY, now) }
    : null;
}

/** The job that mails one invitation: its row, the link's token (only here, never stored) and the site. */
export type RosterInviteJob = { invitationId: number; token: string; origin: string };

declare module "~/server/queue/queue.server" {
  interface QueueKinds {
    rosterInvite: RosterInviteJob;
  }
}

/** Active members' addresses among `emails` (a JSON array), for a manager only. */
function memberAddresses(managerId: number, communityId: number, emails: string) {
  return sqlRows<{ email: string }>(sql`SELECT lower(u.email) AS email FROM users u
    JOIN community_members cm ON cm.user_id = u.id AND cm.community_id = ${communityId} AND cm.status = 'active'
    WHERE lower(u.email) IN (SELECT value FROM json_each(${emails})) AND ${managesSql(managerId, communityId)}`);
}

/**
 * The preview (issue 25 item 3): what sending this roster would do to each row. One batch: the
 * manager check, the members and the invitations already out among its addresses (JSON-bound,
 * so 500 rows are one statement each, within D1's 100 bound values).
 */
export async function checkRoster(viewerId: number, communityId: number, rows: RosterRow[]) {
  const emails = JSON.stringify([...new Set(rows.filter((row) => row.valid).map((row) => row.email))]);
  const { community, members, invited } = await batch({
    community: communityWithMembershipQuery(viewerId, { id: communityId }),
    members: memberAddresses(viewerId, communityId, emails),
    invited: sqlRows<{ email: string }>(sql`SELECT email FROM roster_invitations
      WHERE community_id = ${communityId} AND email IN (SELECT value FROM json_each(${emails}))
        AND ${managesSql(viewerId, communityId)}`),
  });
  const access = managerAccess(community);
  if (access.status !== "ok") return access;
  const memberSet = new Set(members.map((row) => row.email));
  const invitedSet = new Set(invited.map((row) => row.email));
  const seen = new Set<string>();
  const checked: CheckedRow[] = rows.map((row) => {
    const status: RosterStatus = !row.valid
      ? "invalid"
      : seen.has(row.email)
        ? "duplicate"
        : memberSet.has(row.email)
          ? "member"
          : invitedSet.has(row.email)
            ? "invited"
            : "new";
    seen.add(row.email);
    return { ...row, status };
  });
  return { ...access, rows: checked };
}

/**
 * Sends the roster: each valid, first-seen address that is not a member and not invited yet
 * gets a row with its own link, and a job that mails it (off the request path). The rules are
 * the INSERT's WHERE (a manager, a current token, not a member; the unique address skips those
 * already invited), so a stale preview or a double click sends nothing twice. Each address a send
 * would mail counts against the manager's daily mails (`ROSTER_MAILS_PER_DAY`); a send that would pass
 * them sends nothing. One round trip.
 */
export async function sendRoster(
  manager: Actor,
  communityId: number,
  rows: RosterRow[],
  origin: string,
  now = Date.now(),
): Promise<RosterSent> {
  const first = new Map<string, RosterRow>();
  for (const row of rows) if (row.valid && !first.has(row.email)) first.set(row.email, row);
  const tokens = new Map<string, string>();
  const entries = await Promise.all(
    [...first.values()].map(async ({ email, name, student }) => {
      const token = newInviteToken();
      tokens.set(email, token);
      return { email, name, student, hash: await secretHash(token) };
    }),
  );
  const payload = JSON.stringify(entries);
  const field = (name: string) => sql.raw(`json_extract(row.value, '$.${name}')`);
  const allowance = mailAllowance(manager.id, entries.length, now);
  const { inserted, over } = await batchAs(manager, {
    take: allowance.take,
    inserted: sql`INSERT INTO roster_invitations (community_id, email, name, student, token_hash, invited_by, expires_at)
      SELECT ${communityId}, ${field("email")}, ${field("name")}, ${field("student")}, ${field("hash")},
        ${manager.id}, ${now + TTL}
      FROM json_each(${payload}) row
      WHERE ${managesSql(manager.id, communityId)} AND ${tokenIsCurrent(manager.id, manager.tokenVersion)}
        AND ${allowance.allowed} AND NOT EXISTS (SELECT 1 FROM users u JOIN community_members cm ON cm.user_id = u.id
          AND cm.community_id = ${communityId} AND cm.status = 'active' WHERE lower(u.email) = ${field("email")})
      ON CONFLICT DO NOTHING RETURNING id, email`,
    over: allowance.over,
    refund: allowance.refund,
  });
  const limited = limitedUntil(over, now);
  if (limited) return limited;
  for (const { id, email } of inserted as { id: number; email: string }[]) {
    enqueue("rosterInvite", { invitationId: id, token: tokens.get(email)!, origin }, `roster:${id}:${now}`);
  }
  return { status: "sent", count: inserted.length };
}

/**
 * A new link for one invitation that has not been taken up, mailed again (the old link stops),
 * valid for another 14 days, counted against the manager's daily mails. Managers only, checked
 * in the UPDATE. Sent (count 1), refused (count 0) or limited.
 */
export async function resendInvitation(
  manager: Actor,
  communityId: number,
  invitationId: number,
  origin: string,
  now = Date.now(),
): Promise<RosterSent> {
  const token = newInviteToken();
  const allowance = mailAllowance(manager.id, 1, now);
  const { resent, over } = await batchAs(manager, {
    take: allowance.take,
    resent: sql`UPDATE roster_invitations SET token_hash = ${await secretHash(token)}, state = 'queued',
        sent_at = NULL, expires_at = ${now + TTL}
      WHERE id = ${invitationId} AND community_id = ${communityId} AND state != 'joined'
        AND ${managesSql(manager.id, communityId)} AND ${tokenIsCurrent(manager.id, manager.tokenVersion)}
        AND ${allowance.allowed}
      RETURNING id`,
    over: allowance.over,
    refund: allowance.refund,
  });
  const limited = limitedUntil(over, now);
  if (limited) return limited;
  if (resent.length === 1) enqueue("rosterInvite", { invitationId, token, origin }, `roster:${invitationId}:${now}`);
  return { status: "sent", count: resent.length };
}

/** The roster page: the manager check and every invitation with its state, newest first. One batch. */
export async function getRosterPage(viewerId: number, communityId: number, now = Date.now()) {
  const { community, invitations } = await batch({
    community: communityWithMembershipQuery(viewerId, { id: communityId }),
    invitations: getDb()
      .select({ id: r.id, email: r.email, name: r.name, student: r.student, state: r.state, expiresAt: r.expiresAt })
      .from(r)
      .where(sql`${r.communityId} = ${communityId} AND ${managesSql(viewerId, communityId)}`)
      .orderBy(desc(r.id))
      .limit(1000),
  });
  const access = managerAccess(community);
  if (access.status !== "ok") return access;
  return {
    ...access,
    invitations: invitations.map(({ expiresAt, ...row }) => ({
      ...row,
      state: (row.state !== "joined" && expiresAt <= now ? "expired" : row.state) as RosterState,
    })),
  };
}

/** The row a job mails, if its link is still the current one and not taken up (columns named apart). */
export function invitationToMail(invitationId: number, tokenHash: string, now: number) {
  return sqlRows<{
    email: string;
    name: string;
    student: string;
    community: string;
    inviter: string | null;
    locale: string | null;
  }>(sql`SELECT ri.email AS email, ri.name AS name, ri.student AS student, c.name AS community,
      u.name AS inviter, u.locale AS locale
    FROM roster_invitations ri JOIN communities c ON c.id = ri.community_id
    LEFT JOIN users u ON u.id = ri.invited_by
    WHERE ri.id = ${invitationId} AND ri.token_hash = ${tokenHash} AND ri.state = 'queued' AND ri.expires_at > ${now}`);
}
