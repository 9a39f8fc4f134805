import type { Toast } from "~/lib/toast";
import type { FriendOutcome, FriendProblem, FriendResult } from "~/server/friends/friends.server";

/**
 * How the friend service's answers read to people (toasts) and apps (JSON errors). The texts
 * are SPEC §5/§8's where the SPEC has one; problems are warnings, as the SPEC calls them.
 */
const OUTCOME_KEYS: Record<FriendOutcome, string> = {
  sent: "friends:toasts.sent",
  cancelled: "friends:toasts.cancelled",
  accepted: "friends:toasts.accepted",
  declined: "friends:toasts.declined",
  unfriended: "friends:toasts.unfriended",
};

type Problem = { key: string; status: number; code: string };

export const PROBLEMS: Record<FriendProblem | "not_found" | "self", Problem> = {
  already_friends: { key: "friends:warnings.alreadyFriends", status: 409, code: "already_friends" },
  request_pending: { key: "friends:warnings.sendFailed", status: 409, code: "request_pending" },
  no_pending_request: { key: "friends:warnings.noPending", status: 404, code: "no_pending_request" },
  cancel_failed: { key: "friends:warnings.cancelFailed", status: 409, code: "cancel_failed" },
  no_incoming_request: { key: "friends:warnings.noIncoming", status: 404, code: "no_incoming_request" },
  not_friends: { key: "friends:warnings.notFriends", status: 404, code: "not_friends" },
  not_allowed: { key: "friends:warnings.sendFailed", status: 403, code: "not_allowed" },
  not_found: { key: "friends:warnings.notFound", status: 404, code: "user_not_found" },
  self: { key: "friends:warnings.self", status: 400, code: "self" },
};

/** The notice a friend form leaves for the next page. */
export function friendToast(result: FriendResult, targetId: number): Toast {
  if (result.status === "ok") {
    return { kind: "success", key: OUTCOME_KEYS[result.outcome], values: { name: result.user.name } };
  }
  const values: Record<string, string | number> = "user" in result ? { name: result.user.name } : { id: targetId };
  return { kind: "warning", key: PROBLEMS[result.status].key, values };
}
