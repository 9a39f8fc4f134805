import { data } from "react-router";
import { parseId } from "~/lib/forms/communities";
import communitiesStylesUrl from "~/styles/communities.css?url";
import stylesUrl from "~/styles/invitations.css?url";

/** The invitations' pages under a community: its sheet and the communities' (the manage navigation). */
export const invitationStyles = () => [
  { rel: "stylesheet", href: communitiesStylesUrl },
  { rel: "stylesheet", href: stylesUrl },
];

/** The community id of the URL; anything else is a 404. */
export function communityIdOf(params: { id?: string }) {
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404, statusText: "Not Found" });
  return id;
}
