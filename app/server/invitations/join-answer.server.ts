import { redirect } from "react-router";
import { flashToast } from "~/server/session/session.server";
import type { JoinResult } from "./invites.server";

/**
 * A failed join's message key and values, the same for every wrong, expired or rotated secret;
 * a right secret refused by the membership rules (a ban) says so.
 */
export function joinFailure(result: Exclude<JoinResult, { status: "joined" }>, link: boolean) {
  if (result.status === "limited") {
    return { key: "invitations:join.limited", values: { minutes: Math.ceil(result.retryAfterSeconds / 60) } };
  }
  if (result.status === "banned") return { key: "invitations:join.banned", values: {} };
  return { key: link ? "invitations:join.wrongLink" : "invitations:join.wrong", values: {} };
}

/** After a join: to the community (or `to`), with "You joined {name}." */
export async function joinedRedirect(request: Request, joined: { communityId: number; name: string }, to?: string) {
  return redirect(to ?? `/communities/${joined.communityId}`, {
    headers: await flashToast(request, {
      kind: "success",
      key: "invitations:join.joined",
      values: { name: joined.name },
    }),
  });
}
