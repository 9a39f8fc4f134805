import { data, redirect } from "react-router";
import { SLUG_PATTERN } from "~/lib/forms/communities";
import { communityIdBySlugPart } from "~/server/communities/communities.server";
import { constantPart, runBatch } from "~/server/db/batch.server";
import { schoolBySlugPart } from "~/server/schools/schools.server";
import type { Route } from "./+types/catch-all";

/**
 * SPEC §2 catch-all /{slug}: a community's slug opens that community (decision 045: a redirect
 * to its one canonical address), then a school's slug its page (decision 055); anything else
 * answers 404, "This page could not be found".
 */
export async function loader({ params }: Route.LoaderArgs) {
  const slug = params["*"] ?? "";
  // Both lookups in one round trip (decision 041); the community's slug wins.
  const { communityId, school } = await runBatch({
    communityId: SLUG_PATTERN.test(slug) ? communityIdBySlugPart(slug) : constantPart(null),
    school: schoolBySlugPart(slug),
  });
  if (communityId !== null) throw redirect(`/communities/${communityId}`);
  if (school) throw redirect(`/schools/${school.id}`);
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function CatchAll() {
  return null;
}
