import { and, eq, gt, isNull, type SQL } from "drizzle-orm";
import { ACTIVATION_LINK_HOURS, HOUR_MS, RESET_LINK_HOURS } from "~/lib/durations";
import { single } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { randomToken, sha256Hex } from "./crypto.server";

/** Activation and password-reset links; email-change links live with the settings. */
export type EmailTokenPurpose = "activate" | "reset";

/** How long a mailed link works (~/lib/durations: the texts name the same hours). */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  activate: ACTIVATION_LINK_HOURS * HOUR_MS,
  reset: RESET_LINK_HOURS * HOUR_MS,
};

export type EmailTokenCheck =
  | { status: "valid"; userId: number; email: string | null }
  | { status: "expired" | "used" | "invalid" };

/** Creates a single-use link token. Only its SHA-256 is stored, so a database leak opens nothing. */
export async function createEmailToken(
  input: { purpose: EmailTokenPurpose; userId: number; email?: string | null },
  now = Date.now(),
) {
  const token = randomToken();
  await single(
    getDb()
      .insert(schema.emailTokens)
      .values({
        purpose: input.purpose,
        hash: await sha256Hex(token),
        userId: input.userId,
        email: input.email ?? null,
        expiresAt: now + EMAIL_TOKEN_TTL_MS[input.purpose],
        createdAt: now,
      }),
  );
  return token;
}

async function findToken(purpose: EmailTokenPurpose, token: string) {
  if (!token) return undefined;
  const hash = await sha256Hex(token);
  const rows = await single(
    getDb()
      .select()
      .from(schema.emailTokens)
      .where(and(eq(schema.emailTokens.purpose, purpose), eq(schema.emailTokens.hash, hash)))
      .limit(1),
  );
  return rows[0];
}

function statusOf(row: Awaited<ReturnType<typeof findToken>>, now: number): EmailTokenCheck {
  if (!row) return { status: "invalid" };
  if (row.usedAt !== null) return { status: "used" };
  if (row.expiresAt <= now) return { status: "expired" };
  return { status: "valid", userId: row.userId, email: row.email };
}

/** Tells whether a link still works, without using it (to show the reset form, say). */
export async function checkEmailToken(purpose: EmailTokenPurpose, token: string, now = Date.now()) {
  return statusOf(await findToken(purpose, token), now);
}

/**
 * Uses a link token. The conditional UPDATE is the single-use guarantee: of two clicks at
 * the same moment only one finds the row unused; the other is told the link was used.
 */
export async function consumeEmailToken(
  purpose: EmailTokenPurpose,
  token: string,
  now = Date.now(),
): Promise<EmailTokenCheck> {
  if (!token) return { status: "invalid" };
  const hash = await sha256Hex(token);
  const [claimed] = await single(
    getDb()
      .update(schema.emailTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(schema.emailTokens.purpose, purpose),
          eq(schema.emailTokens.hash, hash),
          isNull(schema.emailTokens.usedAt),
          gt(schema.emailTokens.expiresAt, now),
        ),
      )
      .returning({ userId: schema.emailTokens.userId, email: schema.emailTokens.email }),
  );
  if (claimed) return { status: "valid", userId: claimed.userId, email: claimed.email };
  return statusOf(await findToken(purpose, token), now);
}

/**
 * Every open link of one purpose of a user stops working (batchable): once one has done its
 * job, when a new one replaces them, or when the password changes. Any purpose of the table,
 * the email change's "verify" included; `when` adds a condition (a token check, decision 042).
 */
export function retireEmailTokensQuery(
  userId: number,
  purpose: (typeof schema.emailTokens.$inferSelect)["purpose"],
  now = Date.now(),
  when?: SQL,
) {
  const t = schema.emailTokens;
  return getDb()
    .update(t)
    .set({ usedAt: now })
    .where(and(eq(t.userId, userId), eq(t.purpose, purpose), isNull(t.usedAt), when));
}

/** Retires every other open link of a purpose once one has done its job. */
export async function retireEmailTokens(userId: number, purpose: EmailTokenPurpose, now = Date.now()) {
  await retireEmailTokensQuery(userId, purpose, now);
}
