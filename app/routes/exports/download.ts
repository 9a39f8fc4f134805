import { redirect } from "react-router";
import { userContext } from "~/context";
import { signInRedirect } from "~/server/auth/web-session.server";
import { openExport, requestExport } from "~/server/exports/exports.server";
import { flashToast } from "~/server/session/session.server";
import type { Route } from "./+types/download";

const ID = /^[0-9a-f-]{36}$/;

/**
 * GET /profile/export/{id}: the owner's ZIP (decision 162); anyone else, an expired or an unbuilt
 * export answers 404, the same as one that never existed.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const viewer = context.get(userContext);
  if (!viewer) throw signInRedirect(url);
  const id = params.id ?? "";
  const object = ID.test(id) ? await openExport(viewer.id, id, "zip") : null;
  if (!object) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(object.body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(object.size),
      "Content-Disposition": `attachment; filename="schoolhub-data-${id.slice(0, 8)}.zip"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** POST /profile/export: "Download my data" (settings), back to settings with a notice (PRG). */
export async function action({ request, context, url }: Route.ActionArgs) {
  const viewer = context.get(userContext);
  if (!viewer) throw signInRedirect(url);
  const { created } = await requestExport(viewer);
  const key = created ? "settings:export.requested" : "settings:export.already";
  return redirect("/profile/settings#settings-export", {
    headers: await flashToast(request, { kind: "success", key }),
  });
}
