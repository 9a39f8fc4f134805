import { and, eq, or } from "drizzle-orm";
import { getDb, schema } from "~/server/db/db.server";
import type { FriendContext } from "~/server/friends/friends.server";
import { apiTranslator } from "~/server/http/json.server";
import { createUser } from "./helpers";
import { ORIGIN } from "./notifications-support";

/** What a route hands the friend service: the app's origin and an English translator. */
export const ctx: FriendContext = { origin: ORIGIN, t: apiTranslator() };

/** Two people who know nothing of each other yet. */
export async function twoPeople() {
  const a = await createUser({ name: "Avery Asker" });
  const b = await createUser({ name: "Blake Answerer" });
  return { a, b };
}

export function friendshipRows(x: number, y: number) {
  const f = schema.friendships;
  return getDb()
    .select()
    .from(f)
    .where(or(and(eq(f.requesterId, x), eq(f.addresseeId, y)), and(eq(f.requesterId, y), eq(f.addresseeId, x))));
}

export async function makeFriends(requesterId: number, addresseeId: number) {
  await getDb()
    .insert(schema.friendships)
    .values({ requesterId, addresseeId, status: "accepted", acceptedAt: Date.now() });
}

export async function makeRequest(requesterId: number, addresseeId: number) {
  await getDb().insert(schema.friendships).values({ requesterId, addresseeId, status: "pending" });
}
