import { redirect } from "react-router";
import { claimsChangedContext, userContext } from "~/context";
import { parseForm } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { themeFormSchema } from "~/lib/theme-form";
import { serializeThemeCookie } from "~/server/session/theme.server";
import { saveThemeIfCurrent } from "~/server/settings/settings.server";
import type { Route } from "./+types/theme";

/**
 * Switches the theme (SPEC §3) by cookie; works as a plain form post. A signed-in user's theme
 * is saved on the account too, since the root loader prefers it to the cookie.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(themeFormSchema, await readFormData(request));
  if (!parsed.ok) {
    return Response.json({ error: { code: "invalid_theme", message: "Unknown theme." } }, { status: 400 });
  }
  const user = context.get(userContext);
  // A revoked token (decision 042) saves nothing on the account; the cookie is this device's own.
  if (user && (await saveThemeIfCurrent(user, parsed.data.theme))) {
    // The theme rides in the access token's claims: re-sign it (decision 042).
    context.set(claimsChangedContext, true);
  }
  return redirect(safeRedirectPath(parsed.data.redirectTo), {
    headers: { "Set-Cookie": await serializeThemeCookie(parsed.data.theme) },
  });
}

export function loader() {
  return redirect("/");
}
