import { sql } from "drizzle-orm";
import { accountFieldErrors } from "~/lib/forms/account";
import { batch, single, sqlRun } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { findUser } from "~/server/users/users.server";
import { type MailContext, sendExistingAccountMail, sendLinkMail } from "./link-mails.server";
import { hashPassword } from "./password.server";
import { takeWindowTry } from "./rate-limit.server";

export type RegistrationInput = {
  name: string;
  email: string;
  username: string;
  password: string;
  /** A student registering gives their birth year (decision 175). */
  studentBirthYear?: number;
};

/**
 * "sent" covers a new account and an email that already has one: both answer "check your
 * email", so the form never tells a stranger which addresses are registered (decision 034).
 * A username is public anyway (profile addresses), so a taken one is said.
 */
export type RegistrationResult =
  | { status: "sent"; userId: number | null }
  | { status: "username_taken" }
  | { status: "rate_limited"; retryAfterSeconds: number }
  | { status: "invalid"; fieldErrors: Record<string, string[]> };

/** Registrations per client address (decision 034): a class registering together still fits. */
export const REGISTRATION_LIMIT = { limit: 10, windowMs: 60 * 60_000 };

/**
 * Which of email and username another account already holds, case-insensitively like the
 * unique indexes. Deleted accounts count: their rows keep the index entries.
 */
export async function findRegistrationConflicts(email: string, username: string) {
  const rows = await single(
    getDb()
      .select({ email: schema.users.email, username: schema.users.username })
      .from(schema.users)
      .where(
        sql`lower(${schema.users.email}) = ${email.toLowerCase()} OR lower(${schema.users.username}) = ${username.toLowerCase()}`,
      ),
  );
  return {
    email: rows.some((row) => row.email.toLowerCase() === email.toLowerCase()),
    username: rows.some((row) => row.username?.toLowerCase() === username.toLowerCase()),
  };
}

function isUniqueViolation(error: unknown) {
  const message = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  return /UNIQUE constraint failed/i.test(message);
}

/** The email belongs to an account already: its owner gets a mail, the form the usual answer. */
async function answerExistingEmail(email: string, mail: MailContext, now: number): Promise<RegistrationResult> {
  const owner = await findUser({ email });
  if (owner?.activatedAt === null) await sendLinkMail("activate", owner, mail, now);
  else if (owner) sendExistingAccountMail(owner, mail);
  return { status: "sent", userId: null };
}

/**
 * Creates a not-yet-activated account (decision 019) and mails its activation link. The account
 * cannot sign in until that link is opened.
 */
export async function registerUser(
  input: RegistrationInput & { address: string },
  mail: MailContext,
  now = Date.now(),
): Promise<RegistrationResult> {
  const fieldErrors = accountFieldErrors(input);
  if (fieldErrors) return { status: "invalid", fieldErrors };
  const allowance = await takeWindowTry(`register:ip:${input.address}`, REGISTRATION_LIMIT, now);
  if (!allowance.allowed) return { status: "rate_limited", retryAfterSeconds: allowance.retryAfterSeconds };
  const conflicts = await findRegistrationConflicts(input.email, input.username);
  if (conflicts.username) return { status: "username_taken" };
  if (conflicts.email) return answerExistingEmail(input.email, mail, now);

  let userId: number;
  try {
    const email = input.email.toLowerCase();
    // The account and, for a student, its student row: one batch (decision 175).
    const { created } = await batch({
      created: getDb()
        .insert(schema.users)
        .values({
          name: input.name,
          email,
          username: input.username.toLowerCase(),
          passwordHash: await hashPassword(input.password),
          activatedAt: null,
          createdAt: now,
        })
        .returning({ id: schema.users.id }),
      student: sqlRun(
        input.studentBirthYear === undefined
          ? sql`SELECT 1 WHERE 0`
          : sql`INSERT INTO student_accounts (user_id, birth_year)
            SELECT id, ${input.studentBirthYear} FROM users WHERE lower(email) = ${email} AND activated_at IS NULL
            ON CONFLICT DO NOTHING`,
      ),
    });
    userId = created[0]!.id;
  } catch (error) {
    // Two registrations raced for the same email or username: the index decided.
    if (!isUniqueViolation(error)) throw error;
    const raced = await findRegistrationConflicts(input.email, input.username);
    if (raced.username) return { status: "username_taken" };
    return answerExistingEmail(input.email, mail, now);
  }

  await sendLinkMail("activate", { id: userId, name: input.name, email: input.email.toLowerCase() }, mail, now);
  return { status: "sent", userId };
}
