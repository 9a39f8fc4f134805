import { OAuth2RequestError, UnexpectedErrorResponseBodyError, UnexpectedResponseError } from "remix-auth-oauth2";

/**
 * Why a Google or Apple sign-in did not finish. Each reason has its own message
 * (auth:social.<reason>), so a person knows whether to retry, pick another way, or wait.
 */
export type SocialFailure =
  | "cancelled"
  | "expired"
  | "failed"
  | "unavailable"
  | "email_unverified"
  | "email_missing"
  | "account_unavailable";

export class SocialSignInError extends Error {
  constructor(readonly reason: SocialFailure) {
    super(`social sign-in failed: ${reason}`);
    this.name = "SocialSignInError";
  }
}

/** OAuth `error` values that mean the person said no at the provider. */
const CANCELLED = new Set(["access_denied", "user_cancelled_authorize", "consent_required", "login_required"]);

/** Maps whatever the strategy threw to a reason; unexpected ones are logged, never shown. */
export function classifySocialError(error: unknown): SocialFailure {
  if (error instanceof SocialSignInError) return error.reason;
  if (error instanceof OAuth2RequestError) return CANCELLED.has(error.code) ? "cancelled" : "failed";
  // remix-auth-oauth2: no state cookie, a state that does not match it, or no verifier. The
  // flow timed out, was started in another browser, or was forged.
  if (error instanceof RangeError) return "expired";
  if (error instanceof ReferenceError && /state|verifier/i.test(error.message)) return "expired";
  if (error instanceof UnexpectedResponseError || error instanceof UnexpectedErrorResponseBodyError) {
    console.warn("social sign-in: the provider's token endpoint answered unexpectedly", error);
    return "unavailable";
  }
  console.warn("social sign-in failed", error);
  return "failed";
}
