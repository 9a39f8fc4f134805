import { env } from "cloudflare:workers";
import { vi } from "vitest";

/**
 * A fake push service at the network edge (RFC 8030), for tests inside workerd: the Worker's
 * global fetch to https://push.test/… is answered here. It keeps each request, and the device
 * side (the subscription's private key and auth secret) decrypts them as a browser would
 * (RFC 8291, aes128gcm, RFC 8188), and checks the VAPID signature (RFC 8292).
 */
export const PUSH_ORIGIN = "https://push.test";

export type Received = { endpoint: string; headers: Headers; body: Uint8Array<ArrayBuffer> };
export const received: Received[] = [];
/** Status to answer per endpoint (default 201 Created). */
export const answers = new Map<string, number>();

const realFetch = globalThis.fetch;
export function installFakePushService() {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(PUSH_ORIGIN)) return realFetch(input, init);
    received.push({
      endpoint: request.url,
      headers: request.headers,
      body: new Uint8Array(await request.arrayBuffer()),
    });
    return new Response(null, { status: answers.get(request.url) ?? 201 });
  });
}

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
const fromB64url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (char) => char.charCodeAt(0));

/** A browser's subscription: its own P-256 key pair and auth secret, at a fresh endpoint. */
export async function newDevice() {
  const keys = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const publicRaw = new Uint8Array((await crypto.subtle.exportKey("raw", keys.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  const endpoint = `${PUSH_ORIGIN}/send/${crypto.randomUUID()}`;
  return {
    endpoint,
    json: { endpoint, keys: { p256dh: b64url(publicRaw), auth: b64url(auth) } },
    privateKey: keys.privateKey,
    publicRaw,
    auth,
  };
}
export type Device = Awaited<ReturnType<typeof newDevice>>;

type Bytes = Uint8Array<ArrayBuffer>;
async function hkdf(salt: Bytes, ikm: Bytes, info: Bytes, bytes: number) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}
const text = (value: string) => new TextEncoder().encode(value);
const concat = (...parts: Bytes[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** RFC 8291 §3–4 on the receiving side: the payload as the device's service worker gets it. */
export async function decrypt(device: Device, push: Received): Promise<unknown> {
  if (push.headers.get("Content-Encoding") !== "aes128gcm") throw new Error("not aes128gcm");
  const body = push.body;
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idLength = body[20]!;
  const serverPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error("more than one record");
  const serverKey = await crypto.subtle.importKey(
    "raw",
    serverPublic,
    { name: "ECDH", namedCurve: "P-256" },
    false,
    [],
  );
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "ECDH", public: serverKey }, device.privateKey, 256),
  );
  const ikm = await hkdf(device.auth, shared, concat(text("WebPush: info\0"), device.publicRaw, serverPublic), 32);
  const cek = await hkdf(salt, ikm, text("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, text("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const plain = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, ciphertext));
  // The last record ends with the delimiter 2, then padding zeros (RFC 8188 §2).
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error("no last-record delimiter");
  return JSON.parse(new TextDecoder().decode(plain.slice(0, end)));
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`, signed by the server's key, for this push service. */
export async function checkVapid(push: Received) {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(push.headers.get("Authorization") ?? "");
  if (!match) throw new Error(`no VAPID authorization: ${push.headers.get("Authorization")}`);
  const [jwt, k] = [match[1]!, match[2]!.trim()];
  if (k !== env.VAPID_PUBLIC_KEY) throw new Error("signed with another key");
  const [header, claims, signature] = jwt.split(".");
  const key = await crypto.subtle.importKey("raw", fromB64url(k), { name: "ECDSA", namedCurve: "P-256" }, false, [
    "verify",
  ]);
  const valid = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    fromB64url(signature!),
    text(`${header}.${claims}`),
  );
  if (!valid) throw new Error("bad VAPID signature");
  return JSON.parse(new TextDecoder().decode(fromB64url(claims!))) as { aud: string; exp: number; sub: string };
}

/** Waits until `count` pushes reached the fake service (the queue's consumer sends them). */
export async function pushesTo(endpoints: string[], count: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  const mine = () => received.filter((push) => endpoints.includes(push.endpoint));
  while (mine().length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return mine();
}
