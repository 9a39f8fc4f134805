import { redirect } from "react-router";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { themeFormSchema } from "~/lib/theme-form";
import { serializeThemeCookie } from "~/server/session/theme.server";
import type { Route } from "./+types/theme";

/** Switches the theme (SPEC §3) for guests by cookie; works as a plain form post. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = themeFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return Response.json({ error: { code: "invalid_theme", message: "Unknown theme." } }, { status: 400 });
  }
  return redirect(safeRedirectPath(parsed.data.redirectTo), {
    headers: { "Set-Cookie": await serializeThemeCookie(parsed.data.theme) },
  });
}

export function loader() {
  return redirect("/");
}
