// A fake Google and Apple for end-to-end tests, on 127.0.0.1 only. It speaks the real
// protocols, so the app's sign-in code runs unchanged against it:
//   Google: GET /google/authorize (authorization code + PKCE, answers at once with a redirect),
//           POST /google/token, GET /google/jwks
//   Apple:  GET /apple/authorize (an auto-submitting form_post page, with a button for
//           browsers without JavaScript), POST /apple/token (checks the ES256 client secret),
//           GET /apple/jwks
// Who signs in: `login_hint` names the email; without it Google uses its default person and
// Apple a new person per browser (a cookie), so parallel tests do not share an Apple ID.
// `login_hint=cancel@idp.test` answers as if the person said no.
// Keys are generated at start. Bounded: small bodies, short-lived single-use codes, capped maps.
//
//   import { startFakeIdp } from "./fake-idp.mjs"   (scripts/serve-e2e.mjs does)
//   node scripts/fake-idp.mjs [port]                 (prints the app settings to use)
import { createHash, generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { exportJWK, generateKeyPair, importSPKI, jwtVerify, SignJWT } from "jose";

const MAX_BODY_BYTES = 16 * 1024;
const CODE_TTL_MS = 2 * 60 * 1000;
const MAX_ENTRIES = 1000;
const APPLE_SECRET_MAX_SECONDS = 15_777_000; // Apple: a client secret lives at most 6 months.
const CANCEL_HINT = "cancel@idp.test";

const GOOGLE_DEFAULT = { email: "gina.google@idp.test", given: "Gina", family: "Google" };
const APPLE_NAME = { firstName: "Avery", lastName: "Appleseed" };

/** A Map that forgets its oldest entries beyond a cap, so a long run cannot grow it. */
class BoundedMap extends Map {
  set(key, value) {
    super.set(key, value);
    while (this.size > MAX_ENTRIES) this.delete(this.keys().next().value);
    return this;
  }
}

const base64url = (bytes) => Buffer.from(bytes).toString("base64url");
const s256 = (text) => createHash("sha256").update(text).digest("base64url");
const stableSubject = (provider, email) => `${provider}-${s256(`${provider}:${email.toLowerCase()}`).slice(0, 20)}`;
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function nameFromEmail(email) {
  return email
    .split("@")[0]
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join(" ");
}

async function signingKey(name) {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = `${name}-${randomUUID()}`;
  return { privateKey, kid, jwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } };
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error("body too large"));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function send(response, status, body, headers = {}) {
  const json = typeof body !== "string";
  response.writeHead(status, {
    "Content-Type": json ? "application/json" : "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    ...headers,
  });
  response.end(json ? JSON.stringify(body) : body);
}

function cookie(request, name) {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/** A redirect URI must be an absolute http(s) URL; codes are bound to it. */
function validRedirect(value) {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * Starts the provider. Returns its origin, the settings the app needs (`appVars`, including a
 * throwaway Apple team key whose public half this server checks client secrets against) and
 * `close()`.
 */
export async function startFakeIdp({
  port = 8799,
  host = "127.0.0.1",
  google = { clientId: "e2e-google-client", clientSecret: "e2e-google-secret" },
  apple = { clientId: "test.schoolhub.e2e", teamId: "E2ETEAM001", keyId: "E2EKEY0001" },
} = {}) {
  const origin = `http://${host}:${port}`;
  const issuers = { google: `${origin}/google`, apple: `${origin}/apple` };
  const keys = { google: await signingKey("google"), apple: await signingKey("apple") };
  const teamKey = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const teamPublicKey = await importSPKI(teamKey.publicKey.export({ type: "spki", format: "pem" }), "ES256");
  const codes = new BoundedMap();
  const appleBrowsers = new BoundedMap();
  const appleSeen = new BoundedMap();
  let applePeople = 0;

  async function idToken(provider, person, audience, nonce) {
    const claims = {
      email: person.email,
      email_verified: provider === "apple" ? "true" : true,
      ...(provider === "google" ? { name: person.name, given_name: person.given, family_name: person.family } : {}),
      ...(provider === "apple" && person.email.includes("privaterelay") ? { is_private_email: "true" } : {}),
      ...(nonce ? { nonce } : {}),
    };
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: keys[provider].kid, typ: "JWT" })
      .setIssuer(issuers[provider])
      .setAudience(audience)
      .setSubject(person.sub)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(keys[provider].privateKey);
  }

  function mintCode(grant) {
    const code = base64url(randomBytes(24));
    codes.set(code, { ...grant, expiresAt: Date.now() + CODE_TTL_MS });
    return code;
  }

  /** Takes a code once; a second use, an expired code or another client's code is refused. */
  function redeem(code, provider, clientId, redirectUri) {
    const grant = codes.get(code ?? "");
    codes.delete(code ?? "");
    if (!grant || grant.provider !== provider || grant.expiresAt < Date.now()) return null;
    if (grant.clientId !== clientId || grant.redirectUri !== redirectUri) return null;
    return grant;
  }

  function googlePerson(hint) {
    const email = hint || GOOGLE_DEFAULT.email;
    const known = email === GOOGLE_DEFAULT.email ? GOOGLE_DEFAULT : null;
    const name = known ? `${known.given} ${known.family}` : nameFromEmail(email);
    const [given, ...family] = name.split(" ");
    return { sub: stableSubject("google", email), email, name, given, family: family.join(" ") };
  }

  function googleAuthorize(url, response) {
    const q = url.searchParams;
    const redirect = validRedirect(q.get("redirect_uri") ?? "");
    if (q.get("client_id") !== google.clientId || !redirect)
      return send(response, 400, "<p>invalid_client or redirect_uri</p>");
    if (q.get("response_type") !== "code" || !q.get("state")) return send(response, 400, "<p>invalid_request</p>");
    if (q.get("code_challenge_method") !== "S256" || !q.get("code_challenge")) {
      return send(response, 400, "<p>PKCE (S256) is required</p>");
    }
    if (!(q.get("scope") ?? "").split(" ").includes("openid")) return send(response, 400, "<p>invalid_scope</p>");
    redirect.searchParams.set("state", q.get("state"));
    if (q.get("login_hint") === CANCEL_HINT) {
      redirect.searchParams.set("error", "access_denied");
    } else {
      const code = mintCode({
        provider: "google",
        clientId: google.clientId,
        redirectUri: q.get("redirect_uri"),
        codeChallenge: q.get("code_challenge"),
        nonce: q.get("nonce"),
        person: googlePerson(q.get("login_hint")),
      });
      redirect.searchParams.set("code", code);
    }
    send(response, 302, "", { Location: redirect.toString() });
  }

  async function googleToken(request, response, form) {
    let clientId = form.get("client_id");
    let clientSecret = form.get("client_secret");
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? "");
    if (basic) [clientId, clientSecret] = Buffer.from(basic[1], "base64").toString("utf8").split(":");
    if (clientId !== google.clientId || clientSecret !== google.clientSecret)
      return send(response, 401, { error: "invalid_client" });
    if (form.get("grant_type") !== "authorization_code")
      return send(response, 400, { error: "unsupported_grant_type" });
    const grant = redeem(form.get("code"), "google", clientId, form.get("redirect_uri"));
    if (!grant) return send(response, 400, { error: "invalid_grant" });
    if (s256(form.get("code_verifier") ?? "") !== grant.codeChallenge) {
      return send(response, 400, { error: "invalid_grant", error_description: "code_verifier does not match" });
    }
    send(response, 200, {
      access_token: base64url(randomBytes(24)),
      expires_in: 3599,
      token_type: "Bearer",
      scope: "openid email profile",
      id_token: await idToken("google", grant.person, clientId, grant.nonce),
    });
  }

  /** Apple: the hinted person, or the one this browser signed in as before, or a new one. */
  function applePerson(request, hint) {
    if (hint) return { person: { sub: stableSubject("apple", hint), email: hint }, browser: null };
    let browser = cookie(request, "fake_apple_id");
    let person = browser ? appleBrowsers.get(browser) : undefined;
    if (!person) {
      applePeople += 1;
      const email = `avery.${Date.now().toString(36)}${applePeople}@privaterelay.idp.test`;
      person = { sub: stableSubject("apple", email), email };
      browser = randomUUID();
      appleBrowsers.set(browser, person);
    }
    return { person, browser };
  }

  async function appleAuthorize(request, url, response) {
    const q = url.searchParams;
    const redirect = validRedirect(q.get("redirect_uri") ?? "");
    if (q.get("client_id") !== apple.clientId || !redirect)
      return send(response, 400, "<p>invalid_client or redirect_uri</p>");
    const scopes = (q.get("scope") ?? "").split(" ").filter(Boolean);
    if (!(q.get("response_type") ?? "").split(" ").includes("code") || !q.get("state")) {
      return send(response, 400, "<p>invalid_request</p>");
    }
    // Apple requires form_post whenever name or email is requested.
    if (scopes.length > 0 && q.get("response_mode") !== "form_post") {
      return send(response, 400, "<p>response_mode must be form_post when requesting scopes</p>");
    }
    const { person, browser } = applePerson(request, q.get("login_hint"));
    const fields = { state: q.get("state") };
    if (q.get("login_hint") === CANCEL_HINT) {
      fields.error = "user_cancelled_authorize";
    } else {
      fields.code = mintCode({
        provider: "apple",
        clientId: apple.clientId,
        redirectUri: q.get("redirect_uri"),
        nonce: q.get("nonce"),
        person,
      });
      fields.id_token = await idToken("apple", person, apple.clientId, q.get("nonce"));
      // The name comes once, on the first authorization of this app (as at Apple).
      const seenKey = `${apple.clientId}:${person.sub}`;
      if (scopes.includes("name") && !appleSeen.has(seenKey)) {
        appleSeen.set(seenKey, true);
        fields.user = JSON.stringify({ name: APPLE_NAME, email: person.email });
      }
    }
    const inputs = Object.entries(fields)
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join("\n      ");
    const headers = browser ? { "Set-Cookie": `fake_apple_id=${browser}; Path=/apple; HttpOnly; SameSite=Lax` } : {};
    send(
      response,
      200,
      `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Sign in with Apple (fake)</title></head>
  <body>
    <h1>Fake Apple ID</h1>
    <p>Continuing to the app as ${escapeHtml(person.email)}.</p>
    <form method="post" action="${escapeHtml(redirect.toString())}">
      ${inputs}
      <button type="submit">Continue</button>
    </form>
    <script>document.forms[0].submit();</script>
  </body>
</html>`,
      headers,
    );
  }

  async function appleToken(response, form) {
    try {
      const { payload, protectedHeader } = await jwtVerify(form.get("client_secret") ?? "", teamPublicKey, {
        algorithms: ["ES256"],
        issuer: apple.teamId,
        subject: apple.clientId,
        audience: issuers.apple,
        requiredClaims: ["iat", "exp"],
      });
      if (protectedHeader.kid !== apple.keyId) throw new Error("unknown key id");
      if (payload.exp - payload.iat > APPLE_SECRET_MAX_SECONDS) throw new Error("client secret lives too long");
      if (form.get("client_id") !== apple.clientId) throw new Error("client_id does not match the secret");
    } catch {
      return send(response, 400, { error: "invalid_client" });
    }
    if (form.get("grant_type") !== "authorization_code")
      return send(response, 400, { error: "unsupported_grant_type" });
    const grant = redeem(form.get("code"), "apple", apple.clientId, form.get("redirect_uri"));
    if (!grant) return send(response, 400, { error: "invalid_grant" });
    send(response, 200, {
      access_token: base64url(randomBytes(24)),
      token_type: "Bearer",
      expires_in: 3600,
      refresh_token: base64url(randomBytes(24)),
      id_token: await idToken("apple", grant.person, apple.clientId, grant.nonce),
    });
  }

  async function handle(request, response) {
    const url = new URL(request.url ?? "/", origin);
    const route = `${request.method} ${url.pathname}`;
    if (route === "GET /health") return send(response, 200, { ok: true });
    if (route === "GET /google/jwks") return send(response, 200, { keys: [keys.google.jwk] });
    if (route === "GET /apple/jwks") return send(response, 200, { keys: [keys.apple.jwk] });
    if (route === "GET /google/authorize") return googleAuthorize(url, response);
    if (route === "GET /apple/authorize") return appleAuthorize(request, url, response);
    if (route === "POST /google/token" || route === "POST /apple/token") {
      const form = new URLSearchParams(await readBody(request));
      return url.pathname === "/google/token" ? googleToken(request, response, form) : appleToken(response, form);
    }
    send(response, 404, { error: "not_found" });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      if (!response.headersSent) send(response, 400, { error: "invalid_request", error_description: error.message });
      else response.destroy();
    });
  });
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  server.keepAliveTimeout = 5_000;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });

  const appVars = {
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_AUTH_URL: `${origin}/google/authorize`,
    GOOGLE_TOKEN_URL: `${origin}/google/token`,
    GOOGLE_JWKS_URL: `${origin}/google/jwks`,
    GOOGLE_ISSUER: issuers.google,
    APPLE_CLIENT_ID: apple.clientId,
    APPLE_TEAM_ID: apple.teamId,
    APPLE_KEY_ID: apple.keyId,
    // Newlines escaped: it travels as one command-line `--var`; the app's config restores them.
    APPLE_PRIVATE_KEY: teamKey.privateKey.export({ type: "pkcs8", format: "pem" }).replaceAll("\n", "\\n"),
    APPLE_AUTH_URL: `${origin}/apple/authorize`,
    APPLE_TOKEN_URL: `${origin}/apple/token`,
    APPLE_JWKS_URL: `${origin}/apple/jwks`,
    APPLE_ISSUER: issuers.apple,
  };
  return {
    origin,
    appVars,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const idp = await startFakeIdp({ port: Number(process.argv[2] ?? 8799) });
  console.log(`fake identity provider on ${idp.origin}; app settings:`);
  for (const [key, value] of Object.entries(idp.appVars)) console.log(`${key}=${value}`);
}
