import { redirect } from "react-router";
import { userContext } from "~/context";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { socialSignInFailed } from "~/routes/login/social-sign-in.server";
import { startAppleSignIn } from "~/server/auth/apple.server";
import { rememberRedirect, withCookies } from "~/server/auth/oauth-cookies.server";
import { enabledProviders } from "~/server/auth/providers.server";
import { HOME_AFTER_SIGN_IN } from "~/server/session/web-session.server";
import type { Route } from "./+types/apple";

/** /login/apple: "Continue with Apple" starts here; Apple answers at /login/applesignin. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (context.get(userContext)) throw redirect(safeRedirectPath(redirectTo, HOME_AFTER_SIGN_IN));
  if (!enabledProviders().apple) return socialSignInFailed(request, "apple", "unavailable", redirectTo);
  const toApple = await startAppleSignIn(request);
  return withCookies(toApple, [await rememberRedirect("apple", redirectTo)]);
}
