import type { JoinResult } from "./invites.server";

/** A failed join's message key and values, the same for every wrong, expired or rotated secret. */
export function joinFailure(result: Exclude<JoinResult, { status: "joined" }>, link: boolean) {
  if (result.status === "limited") {
    return { key: "invitations:join.limited", values: { minutes: Math.ceil(result.retryAfterSeconds / 60) } };
  }
  return { key: link ? "invitations:join.wrongLink" : "invitations:join.wrong", values: {} };
}
