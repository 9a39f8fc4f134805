import { OAuth2Tokens } from "arctic";
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { appleIdentity, appleUserName, exchangeAppleCode, verifyAppleIdToken } from "./apple-tokens.server";
import type { SocialIdentity } from "./identity.server";
import { flowStart, stateCookieOptions } from "./oauth-cookies.server";
import { type AppleSettings, appleSettings } from "./providers.server";
import { SocialSignInError } from "./social-errors.server";

/** SPEC §2: Apple posts its answer (response_mode=form_post) to this route. */
export const APPLE_CALLBACK_PATH = "/login/applesignin";

/**
 * Apple does not do PKCE. remix-auth-oauth2 still keeps a random verifier per flow in the
 * state cookie; it becomes the OpenID nonce, so an id_token only counts in the browser that
 * started the flow. Apple answers with a POST, and wants client_secret_post.
 */
class AppleStrategy<User> extends OAuth2Strategy<User> {
  override name = "apple";
  expectedNonce: string | undefined;
  private readonly settings: AppleSettings;
  private readonly redirectURI: string;

  constructor(
    settings: AppleSettings,
    redirectURI: string,
    verify: ConstructorParameters<typeof OAuth2Strategy<User>>[1],
  ) {
    super(
      {
        clientId: settings.clientId,
        clientSecret: null,
        authorizationEndpoint: settings.authUrl,
        tokenEndpoint: settings.tokenUrl,
        redirectURI,
        scopes: ["name", "email"],
        cookie: stateCookieOptions("apple"),
      },
      verify,
    );
    this.settings = settings;
    this.redirectURI = redirectURI;
  }

  protected override createAuthorizationURL() {
    const flow = super.createAuthorizationURL();
    flow.url.searchParams.delete("code_challenge");
    flow.url.searchParams.delete("code_challenge_method");
    flow.url.searchParams.set("response_mode", "form_post");
    flow.url.searchParams.set("nonce", flow.codeVerifier);
    return flow;
  }

  protected override async validateAuthorizationCode(code: string, codeVerifier: string) {
    this.expectedNonce = codeVerifier;
    const idToken = await exchangeAppleCode(this.settings, code, this.redirectURI);
    // The verify callback only reads the id_token; arctic's own token type carries it.
    return new OAuth2Tokens({ id_token: idToken });
  }
}

function requireSettings() {
  const settings = appleSettings();
  if (!settings) throw new SocialSignInError("unavailable");
  return settings;
}

function authenticator(request: Request, name: string | null) {
  const settings = requireSettings();
  const strategy: AppleStrategy<SocialIdentity> = new AppleStrategy<SocialIdentity>(
    settings,
    new URL(APPLE_CALLBACK_PATH, request.url).toString(),
    async ({ tokens }) => {
      // The id_token from the token endpoint, fetched by us from Apple; the one in the form
      // post came through the browser and adds nothing.
      const check = await verifyAppleIdToken(tokens.idToken(), settings, strategy.expectedNonce);
      if (check.status !== "valid")
        throw new SocialSignInError(check.status === "unavailable" ? "unavailable" : "failed");
      return appleIdentity(check.claims, name);
    },
  );
  return new Authenticator<SocialIdentity>().use(strategy, "apple");
}

/** Starts the flow: resolves to the redirect to Apple, with the state cookie. */
export async function startAppleSignIn(request: Request): Promise<Response> {
  const start = new Request(new URL("/login/apple", request.url), { headers: request.headers });
  return flowStart("apple", () => authenticator(request, null).authenticate("apple", start));
}

/** Apple's form_post callback: state, code and (first time only) the name, in the body. */
export async function finishAppleSignIn(request: Request, form: FormData) {
  const url = new URL(APPLE_CALLBACK_PATH, request.url);
  for (const key of ["state", "code", "error", "error_description"]) {
    const value = form.get(key);
    if (typeof value === "string") url.searchParams.set(key, value);
  }
  // remix-auth-oauth2 reads the answer from the query string, as in the redirect flow.
  const callback = new Request(url, { headers: { Cookie: request.headers.get("Cookie") ?? "" } });
  return authenticator(request, appleUserName(form.get("user"))).authenticate("apple", callback);
}
