/**
 * The one fake Google and Apple (decision 020), as a fetch handler over web-standard Request and
 * Response, so both test suites use the same provider: the end-to-end suite serves it over HTTP
 * on 127.0.0.1 (scripts/fake-idp.mjs), the integration suite answers the Worker's fetches to
 * https://idp.test with it (tests/integration/fake-idp.ts). It speaks the real protocols, so the
 * app's sign-in code runs unchanged against it:
 *   Google: GET /google/authorize (authorization code + PKCE, answers at once with a redirect),
 *           POST /google/token, GET /google/jwks
 *   Apple:  GET /apple/authorize (an auto-submitting form_post page, with a button for browsers
 *           without JavaScript), POST /apple/token (checks the ES256 client secret), GET /apple/jwks
 * Who signs in: `login_hint` names the email; without it Google uses its default person and Apple
 * a new person per browser (a cookie), so parallel tests do not share an Apple ID.
 * `login_hint=cancel@idp.test` answers as if the person said no. Tests may also grant a code
 * directly (`grantCode`) with an id token they signed (`signIdToken`), forged or expired at will.
 * Bounded: short-lived single-use codes and capped maps. Plain TypeScript that Node runs as is.
 */
import { importSPKI, type JWTPayload, jwtVerify, SignJWT } from "jose";
import {
  BoundedMap,
  cookie,
  formBody,
  formPostPage,
  html,
  json,
  nameFromEmail,
  randomToken,
  s256,
  signingKey,
  stableSubject,
  validRedirect,
} from "./util.ts";

export type Provider = "google" | "apple";
export type IdpPerson = { sub: string; email: string; name?: string; given?: string; family?: string };
/** What a code stands for. Given by the authorize endpoints, or by a test (then only `idToken` is needed). */
export type Grant = {
  idToken?: string;
  person?: IdpPerson;
  clientId?: string;
  redirectUri?: string;
  codeChallenge?: string;
  nonce?: string | null;
};
export type SignOptions = {
  audience?: string;
  issuer?: string;
  /** Seconds from now; negative for a token that has already expired. */
  expiresIn?: number;
  /** Sign with a key the provider never published, under the provider's key id. */
  forged?: boolean;
};
export type FakeIdpOptions = {
  origin: string;
  google: { clientId: string; clientSecret: string };
  apple: { clientId: string; teamId: string; keyId: string };
  /** The public half (SPKI PEM) of the Apple team key the app signs its client secrets with. */
  appleTeamPublicKey: string;
};

const CODE_TTL_MS = 2 * 60 * 1000;
const APPLE_SECRET_MAX_SECONDS = 15_777_000; // Apple: a client secret lives at most 6 months.
const CANCEL_HINT = "cancel@idp.test";
const GOOGLE_DEFAULT = { email: "gina.google@idp.test", name: "Gina Google" };
const APPLE_NAME = { firstName: "Avery", lastName: "Appleseed" };

export async function createFakeIdp({ origin, google, apple, appleTeamPublicKey }: FakeIdpOptions) {
  const appleTeamKey = await importSPKI(appleTeamPublicKey, "ES256");
  const issuers: Record<Provider, string> = { google: `${origin}/google`, apple: `${origin}/apple` };
  const audiences: Record<Provider, string> = { google: google.clientId, apple: apple.clientId };
  const keys = { google: await signingKey("google"), apple: await signingKey("apple") };
  const stranger = await signingKey("stranger");
  const codes = new BoundedMap<string, Grant & { provider: Provider; expiresAt: number }>();
  const appleBrowsers = new BoundedMap<string, IdpPerson>();
  const appleSeen = new BoundedMap<string, true>();
  let applePeople = 0;
  /** What the provider was asked, for tests to read. */
  const seen = {
    tokenRequests: [] as Array<{ provider: Provider; body: URLSearchParams; authorization: string | null }>,
    jwksFetches: 0,
    /** The Apple client secrets the app signed, as verified claims. */
    appleClientSecrets: [] as JWTPayload[],
  };

  /** Signs an id token as the provider would; `claims` carry `sub` and whatever else the token says. */
  function signIdToken(provider: Provider, claims: JWTPayload, options: SignOptions = {}) {
    const now = Math.floor(Date.now() / 1000);
    const expiresIn = options.expiresIn ?? 3600;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: keys[provider].kid, typ: "JWT" })
      .setIssuer(options.issuer ?? issuers[provider])
      .setAudience(options.audience ?? audiences[provider])
      .setIssuedAt(Math.min(now, now + expiresIn - 60))
      .setExpirationTime(now + expiresIn)
      .sign(options.forged ? stranger.privateKey : keys[provider].privateKey);
  }

  function personToken(provider: Provider, person: IdpPerson, nonce?: string | null) {
    const claims: JWTPayload = { sub: person.sub, email: person.email };
    if (provider === "google") Object.assign(claims, { email_verified: true, name: person.name });
    if (provider === "google") Object.assign(claims, { given_name: person.given, family_name: person.family });
    if (provider === "apple") claims.email_verified = "true";
    if (provider === "apple" && person.email.includes("privaterelay")) claims.is_private_email = "true";
    if (nonce) claims.nonce = nonce;
    return signIdToken(provider, claims);
  }

  function grantCode(provider: Provider, code: string, grant: Grant) {
    codes.set(code, { ...grant, provider, expiresAt: Date.now() + CODE_TTL_MS });
  }

  function mintCode(provider: Provider, grant: Grant) {
    const code = randomToken();
    grantCode(provider, code, grant);
    return code;
  }

  /** Takes a code once; a second use, an expired code, another client's or another redirect's is refused. */
  function redeem(provider: Provider, form: URLSearchParams, clientId: string | null) {
    const code = form.get("code") ?? "";
    const grant = codes.get(code);
    codes.delete(code);
    if (!grant || grant.provider !== provider || grant.expiresAt < Date.now()) return null;
    if (grant.clientId !== undefined && grant.clientId !== clientId) return null;
    if (grant.redirectUri !== undefined && grant.redirectUri !== form.get("redirect_uri")) return null;
    return grant;
  }

  async function tokenResponse(provider: Provider, grant: Grant, extra: Record<string, unknown>) {
    const idToken = grant.idToken ?? (await personToken(provider, grant.person as IdpPerson, grant.nonce));
    return json({ access_token: randomToken(), token_type: "Bearer", id_token: idToken, ...extra });
  }

  async function googlePerson(hint: string | null): Promise<IdpPerson> {
    const email = hint || GOOGLE_DEFAULT.email;
    const name = email === GOOGLE_DEFAULT.email ? GOOGLE_DEFAULT.name : nameFromEmail(email);
    const [given, ...family] = name.split(" ");
    return { sub: await stableSubject("google", email), email, name, given, family: family.join(" ") };
  }

  async function googleAuthorize(url: URL) {
    const q = url.searchParams;
    const redirect = validRedirect(q.get("redirect_uri"));
    if (q.get("client_id") !== google.clientId || !redirect) return html("<p>invalid_client or redirect_uri</p>", 400);
    if (q.get("response_type") !== "code" || !q.get("state")) return html("<p>invalid_request</p>", 400);
    if (q.get("code_challenge_method") !== "S256" || !q.get("code_challenge")) {
      return html("<p>PKCE (S256) is required</p>", 400);
    }
    if (!(q.get("scope") ?? "").split(" ").includes("openid")) return html("<p>invalid_scope</p>", 400);
    redirect.searchParams.set("state", q.get("state") ?? "");
    if (q.get("login_hint") === CANCEL_HINT) redirect.searchParams.set("error", "access_denied");
    else {
      const grant = {
        clientId: google.clientId,
        redirectUri: q.get("redirect_uri") ?? "",
        codeChallenge: q.get("code_challenge") ?? "",
        nonce: q.get("nonce"),
        person: await googlePerson(q.get("login_hint")),
      };
      redirect.searchParams.set("code", mintCode("google", grant));
    }
    return new Response(null, { status: 302, headers: { Location: redirect.toString() } });
  }

  async function googleToken(request: Request) {
    const form = await formBody(request);
    const authorization = request.headers.get("Authorization");
    seen.tokenRequests.push({ provider: "google", body: form, authorization });
    let clientId = form.get("client_id");
    let clientSecret = form.get("client_secret");
    const basic = /^Basic (.+)$/.exec(authorization ?? "");
    if (basic) [clientId = null, clientSecret = null] = atob(basic[1] ?? "").split(":");
    if (clientId !== google.clientId || clientSecret !== google.clientSecret)
      return json({ error: "invalid_client" }, 401);
    if (form.get("grant_type") !== "authorization_code") return json({ error: "unsupported_grant_type" }, 400);
    const grant = redeem("google", form, clientId);
    if (!grant) return json({ error: "invalid_grant" }, 400);
    if (grant.codeChallenge !== undefined && grant.codeChallenge !== (await s256(form.get("code_verifier") ?? ""))) {
      return json({ error: "invalid_grant", error_description: "code_verifier does not match" }, 400);
    }
    return tokenResponse("google", grant, { expires_in: 3599, scope: "openid email profile" });
  }

  /** Apple: the hinted person, or the one this browser signed in as before, or a new one. */
  async function applePerson(request: Request, hint: string | null) {
    if (hint) return { person: { sub: await stableSubject("apple", hint), email: hint }, browser: null };
    let browser = cookie(request, "fake_apple_id");
    let person = browser ? appleBrowsers.get(browser) : undefined;
    if (!person) {
      applePeople += 1;
      const email = `avery.${Date.now().toString(36)}${applePeople}@privaterelay.idp.test`;
      person = { sub: await stableSubject("apple", email), email };
      browser = crypto.randomUUID();
      appleBrowsers.set(browser, person);
    }
    return { person, browser };
  }

  async function appleAuthorize(request: Request, url: URL) {
    const q = url.searchParams;
    const redirect = validRedirect(q.get("redirect_uri"));
    if (q.get("client_id") !== apple.clientId || !redirect) return html("<p>invalid_client or redirect_uri</p>", 400);
    const scopes = (q.get("scope") ?? "").split(" ").filter(Boolean);
    if (!(q.get("response_type") ?? "").split(" ").includes("code") || !q.get("state")) {
      return html("<p>invalid_request</p>", 400);
    }
    // Apple requires form_post whenever name or email is requested.
    if (scopes.length > 0 && q.get("response_mode") !== "form_post") {
      return html("<p>response_mode must be form_post when requesting scopes</p>", 400);
    }
    const { person, browser } = await applePerson(request, q.get("login_hint"));
    const fields: Record<string, string> = { state: q.get("state") ?? "" };
    if (q.get("login_hint") === CANCEL_HINT) fields.error = "user_cancelled_authorize";
    else {
      const grant = {
        clientId: apple.clientId,
        redirectUri: q.get("redirect_uri") ?? "",
        nonce: q.get("nonce"),
        person,
      };
      fields.code = mintCode("apple", grant);
      fields.id_token = await personToken("apple", person, q.get("nonce"));
      // The name comes once, on the first authorization of this app (as at Apple).
      const seenKey = `${apple.clientId}:${person.sub}`;
      if (scopes.includes("name") && !appleSeen.has(seenKey)) {
        appleSeen.set(seenKey, true);
        fields.user = JSON.stringify({ name: APPLE_NAME, email: person.email });
      }
    }
    const headers: Record<string, string> = browser
      ? { "Set-Cookie": `fake_apple_id=${browser}; Path=/apple; HttpOnly; SameSite=Lax` }
      : {};
    return html(formPostPage(person.email, redirect, fields), 200, headers);
  }

  async function appleToken(request: Request) {
    const form = await formBody(request);
    seen.tokenRequests.push({ provider: "apple", body: form, authorization: request.headers.get("Authorization") });
    try {
      const { payload, protectedHeader } = await jwtVerify(form.get("client_secret") ?? "", appleTeamKey, {
        algorithms: ["ES256"],
        issuer: apple.teamId,
        subject: apple.clientId,
        audience: issuers.apple,
        requiredClaims: ["iat", "exp"],
      });
      if (protectedHeader.kid !== apple.keyId) throw new Error("unknown key id");
      if ((payload.exp ?? 0) - (payload.iat ?? 0) > APPLE_SECRET_MAX_SECONDS) throw new Error("lives too long");
      if (form.get("client_id") !== apple.clientId) throw new Error("client_id does not match the secret");
      seen.appleClientSecrets.push(payload);
    } catch {
      return json({ error: "invalid_client" }, 400);
    }
    if (form.get("grant_type") !== "authorization_code") return json({ error: "unsupported_grant_type" }, 400);
    const grant = redeem("apple", form, apple.clientId);
    if (!grant) return json({ error: "invalid_grant" }, 400);
    return tokenResponse("apple", grant, { expires_in: 3600, refresh_token: randomToken() });
  }

  /** Answers one request to the provider's origin. */
  async function fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    switch (`${request.method} ${url.pathname}`) {
      case "GET /health":
        return json({ ok: true });
      case "GET /google/jwks":
        seen.jwksFetches += 1;
        return json({ keys: [keys.google.jwk] });
      case "GET /apple/jwks":
        seen.jwksFetches += 1;
        return json({ keys: [keys.apple.jwk] });
      case "GET /google/authorize":
        return googleAuthorize(url);
      case "GET /apple/authorize":
        return appleAuthorize(request, url);
      case "POST /google/token":
        return googleToken(request);
      case "POST /apple/token":
        return appleToken(request);
      default:
        return json({ error: "not_found" }, 404);
    }
  }

  /** Forgets codes and what was seen (between tests); keys stay, as the app caches the JWKS. */
  function reset() {
    codes.clear();
    seen.tokenRequests.length = 0;
    seen.jwksFetches = 0;
    seen.appleClientSecrets.length = 0;
  }

  return { origin, issuers, fetch, grantCode, signIdToken, seen, reset };
}

export type FakeIdp = Awaited<ReturnType<typeof createFakeIdp>>;
