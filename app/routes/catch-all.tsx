import { data, redirect } from "react-router";
import { SLUG_PATTERN } from "~/lib/forms/communities";
import { findCommunityIdBySlug } from "~/server/communities/communities.server";
import { findSchoolBySlug } from "~/server/schools/schools.server";
import type { Route } from "./+types/catch-all";

/**
 * SPEC §2 catch-all /{slug}: a community's slug opens that community (decision 045: a redirect
 * to its one canonical address), then a school's slug its page (decision 055); anything else
 * answers 404, "This page could not be found".
 */
export async function loader({ params }: Route.LoaderArgs) {
  const slug = params["*"] ?? "";
  // Both looked up at once, in the request's one round trip (decision 104); a community wins.
  const [id, school] = await Promise.all([
    SLUG_PATTERN.test(slug) ? findCommunityIdBySlug(slug) : null,
    findSchoolBySlug(slug),
  ]);
  if (id !== null) throw redirect(`/communities/${id}`);
  if (school) throw redirect(`/schools/${school.id}`);
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function CatchAll() {
  return null;
}
