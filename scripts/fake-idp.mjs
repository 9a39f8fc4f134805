// The fake Google and Apple of scripts/fake-idp/provider.ts over HTTP, on 127.0.0.1 only, for the
// end-to-end suite (the integration suite answers the Worker's fetches with the same provider).
// Generates the Apple team key the app signs its client secrets with and hands its private half
// to the app in `appVars`. Bounded: small bodies and short timeouts.
//
//   import { startFakeIdp } from "./fake-idp.mjs"   (scripts/serve-e2e.mjs does)
//   node scripts/fake-idp.mjs [port]                 (prints the app settings to use)
import { generateKeyPairSync } from "node:crypto";
import { createServer } from "node:http";
import { createFakeIdp } from "./fake-idp/provider.ts";

const MAX_BODY_BYTES = 16 * 1024;

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
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/** Node's request as a web Request, and the provider's Response written back. */
async function answer(idp, request, response) {
  const body = request.method === "POST" ? await readBody(request) : undefined;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const one of [value].flat()) if (one !== undefined) headers.append(name, one);
  }
  const answered = await idp.fetch(
    new Request(new URL(request.url ?? "/", idp.origin), { method: request.method, headers, body }),
  );
  const out = {};
  for (const [name, value] of answered.headers)
    out[name] = name === "set-cookie" ? answered.headers.getSetCookie() : value;
  response.writeHead(answered.status, out);
  response.end(Buffer.from(await answered.arrayBuffer()));
}

/**
 * Starts the provider. Returns its origin, the settings the app needs (`appVars`, including a
 * throwaway Apple team key whose public half the provider checks client secrets against) and
 * `close()`.
 */
export async function startFakeIdp({
  port = 8799,
  host = "127.0.0.1",
  google = { clientId: "e2e-google-client", clientSecret: "e2e-google-secret" },
  apple = { clientId: "test.schoolhub.e2e", teamId: "E2ETEAM001", keyId: "E2EKEY0001" },
} = {}) {
  const origin = `http://${host}:${port}`;
  const teamKey = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const appleTeamPublicKey = teamKey.publicKey.export({ type: "spki", format: "pem" });
  const idp = await createFakeIdp({ origin, google, apple, appleTeamPublicKey });
  const server = createServer((request, response) => {
    answer(idp, request, response).catch((error) => {
      if (response.headersSent) return response.destroy();
      response.writeHead(400, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ error: "invalid_request", error_description: error.message }));
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
    GOOGLE_ISSUER: idp.issuers.google,
    APPLE_CLIENT_ID: apple.clientId,
    APPLE_TEAM_ID: apple.teamId,
    APPLE_KEY_ID: apple.keyId,
    // Newlines escaped: it travels as one command-line `--var`; the app's config restores them.
    APPLE_PRIVATE_KEY: teamKey.privateKey.export({ type: "pkcs8", format: "pem" }).replaceAll("\n", "\\n"),
    APPLE_AUTH_URL: `${origin}/apple/authorize`,
    APPLE_TOKEN_URL: `${origin}/apple/token`,
    APPLE_JWKS_URL: `${origin}/apple/jwks`,
    APPLE_ISSUER: idp.issuers.apple,
  };
  return { origin, appVars, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const idp = await startFakeIdp({ port: Number(process.argv[2] ?? 8799) });
  console.log(`fake identity provider on ${idp.origin}; app settings:`);
  for (const [key, value] of Object.entries(idp.appVars)) console.log(`${key}=${value}`);
}
