import { and, eq, type SQL, sql } from "drizzle-orm";
import { getDb, schema } from "~/server/db/db.server";
import { type Actor, runAs, tokenIsCurrent, writeAs } from "~/server/users/session-user.server";
import { bannedSql } from "./bans.server";
import { loadCommunity } from "./communities.server";
import { notifyJoinRequest } from "./community-notifications.server";

const m = schema.communityMembers;

/**
 * Joining and leaving (docs/decisions/045-community-rules.md): open communities are joined at
 * once, "request" ones create a pending row a manager answers, "invite" ones only accept the
 * invited. Each call is one conditional write, so double clicks and races change nothing twice.
 */
export type MembershipIntent = "join" | "request" | "cancel" | "leave" | "accept" | "decline";

export type MembershipResult =
  | { status: "joined" | "requested" | "cancelled" | "left" | "accepted" | "declined"; name: string }
  | { status: "not_allowed" | "last_owner"; name: string }
  | { status: "not_found" };

export async function changeMembership(
  actor: Actor,
  communityId: number,
  intent: MembershipIntent,
): Promise<MembershipResult> {
  const userId = actor.id;
  // Every write below is guarded by the token and runs with its check (decision 042).
  const current = tokenIsCurrent(actor.id, actor.tokenVersion);
  const found = await loadCommunity(userId, communityId);
  if (!found) return { status: "not_found" };
  const { community, membership } = found;
  const name = community.name;
  const db = getDb();
  const mine = and(eq(m.communityId, communityId), eq(m.userId, userId));
  switch (intent) {
    case "join":
    case "request": {
      if (membership?.status === "active") return { status: "joined", name };
      if (community.joinPolicy === "invite") return { status: "not_allowed", name };
      const status = community.joinPolicy === "open" ? "active" : "pending";
      const inserted = await writeAs(
        actor,
        sql`INSERT INTO community_members (community_id, user_id, role, status)
          SELECT ${communityId}, ${userId}, 'member', ${status} WHERE ${current}
            AND NOT ${bannedSql(communityId, userId)}
          ON CONFLICT DO NOTHING RETURNING user_id`,
      );
      // Nothing there before and nothing written: a ban (decision 161).
      if (inserted.length === 0 && !membership) return { status: "not_allowed", name };
      if (status === "active") return { status: "joined", name };
      notifyJoinRequest(userId, communityId);
      return { status: "requested", name };
    }
    case "cancel": {
      await runAs(actor, db.delete(m).where(and(mine, eq(m.status, "pending"), current)));
      return { status: "cancelled", name };
    }
    case "accept": {
      if (membership?.status !== "invited") return { status: "not_allowed", name };
      const accepted = await runAs<unknown[]>(
        actor,
        db
          .update(m)
          .set({ status: "active" })
          .where(and(mine, eq(m.status, "invited"), current, sql`NOT ${bannedSql(communityId, userId)}`))
          .returning({ userId: m.userId }),
      );
      if (accepted.length === 0) return { status: "not_allowed", name };
      return { status: "accepted", name };
    }
    case "decline": {
      await runAs(actor, db.delete(m).where(and(mine, eq(m.status, "invited"), current)));
      return { status: "declined", name };
    }
    case "leave": {
      // The last owner stays: a community always has someone who can manage it. The check and
      // the delete are one statement, so two owners leaving at once cannot both succeed.
      const left = await writeAs(
        actor,
        sql`DELETE FROM community_members
        WHERE community_id = ${communityId} AND user_id = ${userId} AND ${current}
          AND (role != 'owner' OR EXISTS (SELECT 1 FROM community_members o
            WHERE o.community_id = ${communityId} AND o.user_id != ${userId} AND o.role = 'owner' AND o.status = 'active'))
        RETURNING user_id`,
      );
      if (membership?.role === "owner" && left.length === 0) return { status: "last_owner", name };
      return { status: "left", name };
    }
  }
}

/**
 * Who may come in by an invitation (a join code, an invitation link, an e-mailed invitation):
 * anyone the community has not banned (decision 161). The invitations area puts this condition
 * in its own writes, so the rule lives here once, with the other ways in.
 */
export function mayJoinByInvitationSql(communityId: SQL, userId: number): SQL {
  return sql`NOT ${bannedSql(communityId, userId)}`;
}

/**
 * Joining by an invitation: whatever the join policy (the invitation is the permission), as an
 * active member; a pending request or an open invitation becomes a membership. `invitation` is
 * a SELECT of the `community_id` the invitation is valid for (no row when it is not); `guard`
 * is the caller's other conditions (the actor's token, a rate limit).
 */
export function joinByInvitationSql(userId: number, invitation: SQL, guard: SQL): SQL {
  return sql`INSERT INTO community_members (community_id, user_id, role, status)
    SELECT inv.community_id, ${userId}, 'member', 'active' FROM (${invitation}) inv
    WHERE ${guard} AND ${mayJoinByInvitationSql(sql`inv.community_id`, userId)}
    ON CONFLICT(community_id, user_id) DO UPDATE SET status = 'active'`;
}
