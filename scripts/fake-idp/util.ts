/** Small pieces of scripts/fake-idp/provider.ts: bounded maps, encodings, responses, requests. */
import { base64url, exportJWK, generateKeyPair, type JWK } from "jose";

const MAX_ENTRIES = 1000;

/** A Map that forgets its oldest entries beyond a cap, so a long run cannot grow it. */
export class BoundedMap<K, V> extends Map<K, V> {
  set(key: K, value: V) {
    super.set(key, value);
    while (this.size > MAX_ENTRIES) this.delete(this.keys().next().value as K);
    return this;
  }
}

export const randomToken = () => base64url.encode(crypto.getRandomValues(new Uint8Array(24)));
export const s256 = async (text: string) =>
  base64url.encode(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
export const json = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
export const html = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });

export async function stableSubject(provider: string, email: string) {
  return `${provider}-${(await s256(`${provider}:${email.toLowerCase()}`)).slice(0, 20)}`;
}

export function nameFromEmail(email: string) {
  return (email.split("@")[0] ?? "")
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join(" ");
}

export async function signingKey(name: string) {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = `${name}-${crypto.randomUUID()}`;
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  return { privateKey, kid, jwk };
}

export function cookie(request: Request, name: string) {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/** A redirect URI must be an absolute http(s) URL; codes are bound to it. */
export function validRedirect(value: string | null) {
  try {
    const url = new URL(value ?? "");
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** Reads a form body (without workerd's warning about text() on a non-text type). */
export async function formBody(request: Request) {
  return new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));
}

/** Apple's answer page: a form that posts the fields back to the app, at once with JavaScript. */
export function formPostPage(email: string, action: URL, fields: Record<string, string>) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n      ");
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Sign in with Apple (fake)</title></head>
  <body>
    <h1>Fake Apple ID</h1>
    <p>Continuing to the app as ${escapeHtml(email)}.</p>
    <form method="post" action="${escapeHtml(action.toString())}">
      ${inputs}
      <button type="submit">Continue</button>
    </form>
    <script>document.forms[0].submit();</script>
  </body>
</html>`;
}
