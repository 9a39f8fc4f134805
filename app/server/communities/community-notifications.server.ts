import { sql } from "drizzle-orm";
import { single, sqlRows } from "~/server/db/batch.server";
import { titleBy } from "~/server/notifications/notification-rows.server";
import { type Notice, type NoticeJob, noticeText, notifyLater } from "~/server/notifications/notifier.server";

/**
 * Who hears of a community's changes (decision 049), after the response through the one
 * notifier (decision 119), as jobs on the queue (decision 165). The communities services call
 * these once their write is done.
 */

type JoinRequestJob = { actorId: number; communityId: number };
type MemberJob = { userId: number; communityId: number; kind: "approved" | "postApproved" | "invited"; url: string };

declare module "~/server/queue/queue.server" {
  interface QueueKinds {
    joinRequestNotices: NoticeJob<JoinRequestJob>;
    memberNotice: NoticeJob<MemberJob>;
  }
}

/** A request to join tells the community's owners and managers. */
export function notifyJoinRequest(actorId: number, communityId: number) {
  notifyLater("joinRequestNotices", { actorId, communityId });
}

export async function joinRequestNotices({ actorId, communityId }: JoinRequestJob): Promise<Notice[]> {
  const rows = await single(
    sqlRows<{ managerId: number; actor: string; community: string }>(sql`
      SELECT m.user_id AS managerId, (SELECT name FROM users WHERE id = ${actorId}) AS actor, c.name AS community
      FROM community_members m JOIN communities c ON c.id = m.community_id
      WHERE m.community_id = ${communityId} AND m.status = 'active' AND m.role IN ('owner', 'manager')`),
  );
  return rows.map((row) => ({
    userId: row.managerId,
    ...titleBy({ id: actorId, name: row.actor }, (name) =>
      noticeText("communities:notifications.request", { name, community: row.community }),
    ),
    url: `/communities/${communityId}/manage/requests`,
  }));
}

/** Tells one person about their community: an approved request, an approved post, an invitation. */
export function notifyMember(
  userId: number,
  communityId: number,
  kind: "approved" | "postApproved" | "invited",
  url = `/communities/${communityId}`,
) {
  notifyLater("memberNotice", { userId, communityId, kind, url });
}

export async function memberNotice({ userId, communityId, kind, url }: MemberJob): Promise<Notice[] | undefined> {
  const [row] = await single(
    sqlRows<{ community: string }>(sql`SELECT name AS community FROM communities WHERE id = ${communityId}`),
  );
  if (!row) return;
  return [{ userId, title: noticeText(`communities:notifications.${kind}`, { community: row.community }), url }];
}
