import { exports } from "cloudflare:workers";
import { hashPassword } from "~/server/auth/password.server";
import { getDb, schema } from "~/server/db/db.server";

/** A request to the whole Worker (the production bundle), as a browser would send it. */
export function fetchApp(path: string, init?: RequestInit) {
  return exports.default.fetch(`http://localhost${path}`, { redirect: "manual", ...init });
}

export function postForm(path: string, fields: Record<string, string>, init: { cookie?: string } = {}) {
  return fetchApp(path, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(init.cookie ? { Cookie: init.cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesOf(response: Response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

let counter = 0;

/**
 * One stored hash per password for the users a test file creates: PBKDF2 at the production
 * 100 000 iterations costs tens of milliseconds each, and 270 calls repeated it with nothing
 * to show for it (decision 086). Signing in still checks the password for real.
 */
const hashes = new Map<string, Promise<string>>();
function storedHash(password: string) {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** An activated user with a password, unique per call. */
export async function createUser(
  overrides: Partial<typeof schema.users.$inferInsert> = {},
  password = "correct horse 1",
) {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}`;
  const [user] = await getDb()
    .insert(schema.users)
    .values({
      email: `user-${unique}@example.test`,
      username: `user_${unique}`,
      name: `Test User ${counter}`,
      activatedAt: Date.now(),
      emailVerifiedAt: Date.now(),
      passwordHash: await storedHash(password),
      ...overrides,
    })
    .returning();
  return { ...user!, password };
}

/** Signs in through the real form and returns the session cookie. */
export async function signIn(identifier: string, password: string) {
  const response = await postForm("/login", { identifier, password });
  if (response.status !== 302) throw new Error(`sign-in failed with ${response.status}`);
  return cookiesOf(response);
}
