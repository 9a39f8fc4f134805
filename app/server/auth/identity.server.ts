import { and, eq, sql } from "drizzle-orm";
import { NAME_MAX_LENGTH } from "~/lib/account";
import { batch, single } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { findUser, getUserById, isEmailTaken } from "~/server/users/users.server";
import type { SocialProvider } from "./providers.server";

/** Who the identity provider says signed in, after its id_token was verified. */
export type SocialIdentity = {
  provider: SocialProvider;
  /** The provider's stable id for the person (the token's `sub`); emails can change. */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
};

export type IdentityResult =
  | { status: "signed_in"; userId: number; outcome: "existing" | "linked" | "created" }
  /** Not linked yet, and the provider has not verified the address: we cannot trust it. */
  | { status: "email_unverified" }
  /** Not linked yet, and the provider shared no address to match or create an account. */
  | { status: "email_missing" }
  /** The address belongs to an account that cannot be used (deleted but not yet purged). */
  | { status: "account_unavailable" };

function displayName(identity: SocialIdentity, email: string) {
  const name = identity.name?.replace(/\s+/g, " ").trim();
  return (name || email.split("@")[0] || email).slice(0, NAME_MAX_LENGTH);
}

/**
 * docs/decisions/020-social-sign-in.md: an identity we have seen signs in to its account; otherwise one whose verified
 * email matches an account links to it (and activates it: the provider proved the address);
 * otherwise a new, activated account is created. Never links on an unverified email, which
 * would let anyone claim an account by typing its address at a provider.
 */
export async function signInWithIdentity(identity: SocialIdentity, now = Date.now()): Promise<IdentityResult> {
  try {
    return await resolveIdentity(identity, now);
  } catch (error) {
    // Two first sign-ins of one person at once: the loser hits a unique index; the winner's
    // rows are there now.
    if (!isUniqueViolation(error)) throw error;
    return resolveIdentity(identity, now);
  }
}

async function resolveIdentity(identity: SocialIdentity, now: number): Promise<IdentityResult> {
  const db = getDb();
  const [link] = await single(
    db
      .select()
      .from(schema.oauthAccounts)
      .where(
        and(eq(schema.oauthAccounts.provider, identity.provider), eq(schema.oauthAccounts.subject, identity.subject)),
      )
      .limit(1),
  );
  if (link) {
    const user = await getUserById(link.userId);
    if (user) {
      // Linking activates an account; this only mends a row that missed it.
      if (user.activatedAt === null) await activationUpdate(user.id, now);
      return { status: "signed_in", userId: user.id, outcome: "existing" };
    }
    // The account was deleted: the identity is free to start over.
    await single(
      db
        .delete(schema.oauthAccounts)
        .where(
          and(eq(schema.oauthAccounts.provider, identity.provider), eq(schema.oauthAccounts.subject, identity.subject)),
        ),
    );
  }

  const email = identity.email?.trim().toLowerCase();
  if (!email) return { status: "email_missing" };
  if (!identity.emailVerified) return { status: "email_unverified" };

  const existing = await findUser({ email });
  if (existing) {
    await batch({
      link: db
        .insert(schema.oauthAccounts)
        .values({ provider: identity.provider, subject: identity.subject, userId: existing.id, createdAt: now }),
      activation: activationUpdate(existing.id, now),
    });
    return { status: "signed_in", userId: existing.id, outcome: "linked" };
  }
  // No live account has it, so a taken address belongs to a deleted one.
  if (await isEmailTaken(email)) return { status: "account_unavailable" };

  const [created] = await single(
    db
      .insert(schema.users)
      .values({
        email,
        name: displayName(identity, email),
        username: null,
        passwordHash: null,
        emailVerifiedAt: now,
        activatedAt: now,
        createdAt: now,
      })
      .returning({ id: schema.users.id }),
  );
  if (!created) throw new Error("creating the account returned no row");
  await single(
    db.insert(schema.oauthAccounts).values({
      provider: identity.provider,
      subject: identity.subject,
      userId: created.id,
      createdAt: now,
    }),
  );
  return { status: "signed_in", userId: created.id, outcome: "created" };
}

/** Marks the address verified and the account activated, keeping earlier timestamps. */
function activationUpdate(userId: number, now: number) {
  return getDb()
    .update(schema.users)
    .set({
      activatedAt: sql`coalesce(${schema.users.activatedAt}, ${now})`,
      emailVerifiedAt: sql`coalesce(${schema.users.emailVerifiedAt}, ${now})`,
    })
    .where(eq(schema.users.id, userId));
}

function isUniqueViolation(error: unknown) {
  const text = String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error);
  return /UNIQUE constraint failed|SQLITE_CONSTRAINT/i.test(text);
}
