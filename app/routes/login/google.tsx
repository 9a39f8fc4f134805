import { redirect } from "react-router";
import { z } from "zod";
import { userContext } from "~/context";
import { parseValues } from "~/lib/forms/parse";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { socialSignInFailed } from "~/routes/login/social-sign-in.server";
import { startGoogleSignIn } from "~/server/auth/google.server";
import { rememberRedirect, withCookies } from "~/server/auth/oauth-cookies.server";
import { enabledProviders } from "~/server/auth/providers.server";
import { HOME_AFTER_SIGN_IN } from "~/server/session/web-session.server";
import type { Route } from "./+types/google";

const loginHintSchema = z.email().max(254);

/** /login/google: "Continue with Google" starts here and leaves for Google's consent page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo");
  if (context.get(userContext)) throw redirect(safeRedirectPath(redirectTo, HOME_AFTER_SIGN_IN));
  if (!enabledProviders().google) return socialSignInFailed(request, "google", "unavailable", redirectTo);
  // Google's own login_hint, passed on: a link can pre-select the account to use.
  const loginHint = parseValues(loginHintSchema, url.searchParams.get("login_hint"));
  const toGoogle = await startGoogleSignIn(request, loginHint.ok ? loginHint.data : undefined);
  return withCookies(toGoogle, [await rememberRedirect("google", redirectTo)]);
}
