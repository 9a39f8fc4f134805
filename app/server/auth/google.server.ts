import { GoogleStrategy } from "@coji/remix-auth-google";
import { Authenticator } from "remix-auth";
import type { OAuth2Strategy } from "remix-auth-oauth2";
import { claimIsTrue, type IdTokenCheck, stringClaim, verifyIdToken } from "./id-token.server";
import type { SocialIdentity } from "./identity.server";
import { flowStart, stateCookieOptions } from "./oauth-cookies.server";
import { type GoogleSettings, googleSettings } from "./providers.server";
import { SocialSignInError } from "./social-errors.server";

export const GOOGLE_CALLBACK_PATH = "/login/google/callback";

/**
 * GoogleStrategy hard-codes Google's endpoints; OAuth2Strategy reads them from `options` at
 * call time, so this subclass points them at the configured ones (a fake provider in tests).
 */
class ConfiguredGoogleStrategy<User> extends GoogleStrategy<User> {
  constructor(
    settings: GoogleSettings & { clientSecret: string },
    extra: { redirectURI: string; loginHint?: string },
    verify: ConstructorParameters<typeof GoogleStrategy<User>>[1],
  ) {
    super(
      {
        clientId: settings.clientId,
        clientSecret: settings.clientSecret,
        redirectURI: extra.redirectURI,
        scopes: ["openid", "email", "profile"],
        loginHint: extra.loginHint,
      },
      verify,
    );
    this.options.authorizationEndpoint = settings.authUrl;
    this.options.tokenEndpoint = settings.tokenUrl;
    this.options.cookie = stateCookieOptions("google");
  }
}

/** Google's issuer appears with and without the scheme in real tokens. */
function googleIssuers(settings: GoogleSettings) {
  return [settings.issuer, settings.issuer.replace(/^https:\/\//, "")];
}

export function verifyGoogleIdToken(idToken: string, settings: GoogleSettings, now?: number): Promise<IdTokenCheck> {
  return verifyIdToken(idToken, {
    jwksUrl: settings.jwksUrl,
    issuer: googleIssuers(settings),
    audience: settings.clientId,
    now,
  });
}

export function googleIdentity(claims: Record<string, unknown> & { sub: string }): SocialIdentity {
  const given = stringClaim(claims.given_name);
  const family = stringClaim(claims.family_name);
  return {
    provider: "google",
    subject: claims.sub,
    email: stringClaim(claims.email),
    emailVerified: claimIsTrue(claims.email_verified),
    name: stringClaim(claims.name) ?? ([given, family].filter(Boolean).join(" ") || null),
  };
}

function webSettings() {
  const settings = googleSettings();
  if (!settings?.clientSecret) throw new SocialSignInError("unavailable");
  return { ...settings, clientSecret: settings.clientSecret };
}

function authenticator(request: Request, loginHint?: string) {
  const settings = webSettings();
  const redirectURI = new URL(GOOGLE_CALLBACK_PATH, request.url).toString();
  const strategy = new ConfiguredGoogleStrategy<SocialIdentity>(
    settings,
    { redirectURI, loginHint },
    async ({ tokens }: OAuth2Strategy.VerifyOptions) => {
      const check = await verifyGoogleIdToken(tokens.idToken(), settings);
      if (check.status !== "valid")
        throw new SocialSignInError(check.status === "unavailable" ? "unavailable" : "failed");
      return googleIdentity(check.claims);
    },
  );
  return new Authenticator<SocialIdentity>().use(strategy, "google");
}

/**
 * Starts the authorization-code flow (state + PKCE in a cookie): resolves to the redirect to
 * Google. `loginHint` pre-selects an account, as Google's own `login_hint` does.
 */
export async function startGoogleSignIn(request: Request, loginHint?: string): Promise<Response> {
  // Only the path matters here: a stray ?state= must not turn the start into a callback.
  const start = new Request(new URL("/login/google", request.url), { headers: request.headers });
  return flowStart("google", () => authenticator(request, loginHint).authenticate("google", start));
}

/** The callback: checks state, trades the code (with the PKCE verifier), verifies the id_token. */
export function finishGoogleSignIn(request: Request) {
  return authenticator(request).authenticate("google", request);
}
