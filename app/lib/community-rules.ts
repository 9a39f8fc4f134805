/**
 * Who may do what in a community (docs/decisions/045-community-rules.md). Pure functions of a
 * community's policies and the viewer's membership row, so every service and page agrees.
 */
export type JoinPolicy = "open" | "request" | "invite";
export type PostPolicy = "all" | "managers";
export type Role = "owner" | "manager" | "member";
export type MemberStatus = "active" | "pending" | "invited";

export type Policies = { joinPolicy: JoinPolicy; postPolicy: PostPolicy; requiresApproval: boolean };
export type Membership = { role: Role; status: MemberStatus } | null;

export function isActive(membership: Membership): boolean {
  return membership?.status === "active";
}

export function isManager(membership: Membership): boolean {
  return isActive(membership) && (membership!.role === "owner" || membership!.role === "manager");
}

/** Open communities are public to signed-in users; the others show their content to members only. */
export function canSeeContent(community: Pick<Policies, "joinPolicy">, membership: Membership): boolean {
  return community.joinPolicy === "open" || isActive(membership);
}

export function canPost(community: Policies, membership: Membership): boolean {
  if (!isActive(membership)) return false;
  return community.postPolicy === "all" || isManager(membership);
}

/** A new post by this member is pending when the community wants approval and they do not manage it. */
export function postNeedsApproval(community: Policies, membership: Membership): boolean {
  return community.requiresApproval && !isManager(membership);
}

/** What the join button offers the viewer (SPEC §3 "subscribed communities"). */
export type JoinAction = "join" | "request" | "cancel" | "accept" | "leave" | "none";

export function joinActionFor(community: Pick<Policies, "joinPolicy">, membership: Membership): JoinAction {
  if (membership?.status === "active") return "leave";
  if (membership?.status === "pending") return "cancel";
  if (membership?.status === "invited") return "accept";
  if (community.joinPolicy === "open") return "join";
  if (community.joinPolicy === "request") return "request";
  return "none";
}

/** Communities whose managers may mark a post urgent (issue 23 item 6, decision 183): not classes or clubs. */
export const URGENT_CATEGORIES: readonly string[] = ["school", "district"];

/** An urgent post reaches every member at once, through quiet hours: only a school's or district's managers. */
export function canMarkUrgent(category: string, membership: Membership): boolean {
  return isManager(membership) && URGENT_CATEGORIES.includes(category);
}
