import { isLanguageCode } from "~/lib/languages";
import { browserTexts } from "~/locales";
import type { Route } from "./+types/namespace";

/**
 * One namespace's browser texts in one language, for pages in a language other than English
 * (issue 24): the route modules carry English, and the browser fetches the page's own language
 * here, namespace by namespace, before it hydrates or shows a new route (lib/i18n-client.ts).
 * Public and the same for everyone, so caches may keep it; the build's texts only change on deploy.
 */
export function loader({ params }: Route.LoaderArgs) {
  const texts = isLanguageCode(params.lng) ? browserTexts(params.lng, params.ns) : undefined;
  if (!texts) return Response.json({ error: "not_found" }, { status: 404 });
  return Response.json(texts, { headers: { "Cache-Control": "public, max-age=3600" } });
}
