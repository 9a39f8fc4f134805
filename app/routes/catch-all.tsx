import { data, redirect } from "react-router";
import { findSchoolBySlug } from "~/server/schools/schools.server";
import type { Route } from "./+types/catch-all";

/**
 * SPEC §2 catch-all /{slug}: a school's slug goes to its page (decision 055); anything else
 * answers 404 and shows "This page could not be found".
 */
export async function loader({ params }: Route.LoaderArgs) {
  const school = await findSchoolBySlug(params["*"] ?? "");
  if (school) throw redirect(`/schools/${school.id}`);
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function CatchAll() {
  return null;
}
