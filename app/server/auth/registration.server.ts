import { sql } from "drizzle-orm";
import { accountFieldErrors } from "~/lib/forms/account";
import { getDb, schema } from "~/server/db/db.server";
import { type MailContext, sendLinkMail } from "./link-mails.server";
import { hashPassword } from "./password.server";

export type RegistrationInput = { name: string; email: string; username: string; password: string };

export type RegistrationResult =
  | { status: "created"; userId: number }
  | { status: "taken"; email: boolean; username: boolean }
  | { status: "invalid"; fieldErrors: Record<string, string[]> };

/**
 * Which of email and username another account already holds, case-insensitively like the
 * unique indexes. Deleted accounts count: their rows keep the index entries.
 */
export async function findRegistrationConflicts(email: string, username: string) {
  const rows = await getDb()
    .select({ email: schema.users.email, username: schema.users.username })
    .from(schema.users)
    .where(
      sql`lower(${schema.users.email}) = ${email.toLowerCase()} OR lower(${schema.users.username}) = ${username.toLowerCase()}`,
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

/**
 * Creates a not-yet-activated account (decision 019) and mails its activation link. The account
 * cannot sign in until that link is opened.
 */
export async function registerUser(
  input: RegistrationInput,
  mail: MailContext,
  now = Date.now(),
): Promise<RegistrationResult> {
  const fieldErrors = accountFieldErrors(input);
  if (fieldErrors) return { status: "invalid", fieldErrors };
  const conflicts = await findRegistrationConflicts(input.email, input.username);
  if (conflicts.email || conflicts.username) return { status: "taken", ...conflicts };

  let userId: number;
  try {
    const [created] = await getDb()
      .insert(schema.users)
      .values({
        name: input.name,
        email: input.email.toLowerCase(),
        username: input.username.toLowerCase(),
        passwordHash: await hashPassword(input.password),
        activatedAt: null,
        createdAt: now,
      })
      .returning({ id: schema.users.id });
    userId = created!.id;
  } catch (error) {
    // Two registrations raced for the same email or username: the index decided.
    if (!isUniqueViolation(error)) throw error;
    return { status: "taken", ...(await findRegistrationConflicts(input.email, input.username)) };
  }

  await sendLinkMail("activate", { id: userId, name: input.name, email: input.email.toLowerCase() }, mail, now);
  return { status: "created", userId };
}
