import { redirect } from "react-router";
import { type SocialIdentity, signInWithIdentity } from "~/server/auth/identity.server";
import { endFlowCookies, readRedirect, withCookies } from "~/server/auth/oauth-cookies.server";
import { PROVIDER_NAMES, type SocialProvider } from "~/server/auth/providers.server";
import { classifySocialError, type SocialFailure } from "~/server/auth/social-errors.server";
import { issueTokens } from "~/server/auth/tokens.server";
import { flashToast } from "~/server/session/session.server";
import { startWebSession } from "../../server/session/web-session.server";

const FAILURE_KEYS: Record<SocialFailure, string> = {
  cancelled: "auth:social.cancelled",
  expired: "auth:social.expired",
  failed: "auth:social.failed",
  unavailable: "auth:social.unavailable",
  email_unverified: "auth:social.emailUnverified",
  email_missing: "auth:social.emailMissing",
  account_unavailable: "auth:social.accountUnavailable",
};

/** Back to the sign-in page with a notice that says what went wrong; never an error page. */
export async function socialSignInFailed(
  request: Request,
  provider: SocialProvider,
  reason: SocialFailure,
  redirectTo: string | null,
) {
  const headers = await flashToast(request, {
    kind: "error",
    key: FAILURE_KEYS[reason],
    values: { provider: PROVIDER_NAMES[provider] },
  });
  const target = redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login";
  return withCookies(redirect(target, { headers }), endFlowCookies(request, provider));
}

/**
 * The end of a Google or Apple callback: the identity (already verified by the strategy)
 * signs in to its account, found, linked or created, and lands where it was headed.
 */
export async function completeSocialSignIn(
  request: Request,
  provider: SocialProvider,
  authenticate: () => Promise<SocialIdentity>,
) {
  const redirectTo = await readRedirect(request);
  let identity: SocialIdentity;
  try {
    identity = await authenticate();
  } catch (error) {
    if (error instanceof Response) throw error;
    return socialSignInFailed(request, provider, classifySocialError(error), redirectTo);
  }
  const result = await signInWithIdentity(identity);
  if (result.status !== "signed_in") return socialSignInFailed(request, provider, result.status, redirectTo);
  const session = await startWebSession(request, result.userId, await issueTokens(result.userId), redirectTo);
  return withCookies(session, endFlowCookies(request, provider));
}
