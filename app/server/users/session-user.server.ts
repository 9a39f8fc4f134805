import { and, eq, isNull } from "drizzle-orm";
import type { SessionUser } from "~/context";
import { getDb, schema } from "~/server/db/db.server";
import { avatarUrl } from "./avatar";

/** The user as the shell needs them on every request: one indexed read. */
export async function loadSessionUser(userId: number): Promise<SessionUser | null> {
  const row = await getDb().query.users.findFirst({
    where: and(eq(schema.users.id, userId), isNull(schema.users.deletedAt)),
    columns: { id: true, name: true, username: true, email: true, avatar: true, theme: true, activatedAt: true },
  });
  if (!row || row.activatedAt === null) return null;
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    avatar: avatarUrl(row.avatar),
    theme: row.theme,
  };
}
