import { eq } from "drizzle-orm";
import { single } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";

/** The identity providers (google, apple) a user has signed in with. */
export async function linkedProviders(userId: number) {
  const rows = await single(
    getDb()
      .select({ provider: schema.oauthAccounts.provider })
      .from(schema.oauthAccounts)
      .where(eq(schema.oauthAccounts.userId, userId)),
  );
  return [...new Set(rows.map((row) => row.provider))];
}
