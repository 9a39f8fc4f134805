/**
 * Join codes and invitation tokens (decision 155): crypto-random, looked up by their SHA-256 and
 * compared in constant time. Codes use 32 letters and digits without 0/O/1/I (`K7P-Q4M`: 30 bits,
 * with a rate limit on tries); tokens are 32 random bytes (256 bits) in base64url.
 */
export const CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

function randomBytes(length: number) {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** A new code like `K7P-Q4M`: 256 is a multiple of 32, so `byte % 32` is unbiased. */
export function newJoinCode() {
  const letters = Array.from(randomBytes(6), (byte) => CODE_ALPHABET[byte % 32]).join("");
  return `${letters.slice(0, 3)}-${letters.slice(3)}`;
}

export function newInviteToken() {
  let text = "";
  for (const byte of randomBytes(32)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * What a person typed, as a code: case and separators ignored, and the look-alikes a person may
 * type for the letters we never use (O→0 is not in the alphabet, so O and 0 both stay invalid).
 * Anything that cannot be a code is null.
 */
export function normalizeCode(input: string) {
  const letters = input.toUpperCase().replace(/[\s-]/g, "");
  if (letters.length !== 6 || [...letters].some((letter) => !CODE_ALPHABET.includes(letter))) return null;
  return `${letters.slice(0, 3)}-${letters.slice(3)}`;
}

export function looksLikeToken(input: string) {
  return /^[A-Za-z0-9_-]{43}$/.test(input);
}

/** SHA-256 in hex: the lookup key of a code or token. */
export async function secretHash(secret: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Constant-time equality (workerd's `timingSafeEqual`; lengths are public). */
export function sameSecret(a: string, b: string) {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  if (left.byteLength !== right.byteLength) return false;
  // workerd's extension of SubtleCrypto (not in the DOM's types).
  const subtle = crypto.subtle as SubtleCrypto & { timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean };
  return subtle.timingSafeEqual(left, right);
}
