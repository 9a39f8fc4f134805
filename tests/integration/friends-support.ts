import { and, eq, or } from "drizzle-orm";
import { getDb, schema } from "~/server/db/db.server";
import { withRequestOrigin } from "~/server/notifications/origin.server";
import { createUser } from "./helpers";
import { ORIGIN } from "./notifications-support";

/**
 * Runs a service as a request from ORIGIN would: the notifications it stores link there
 * (workers/app.ts sets the request's origin the same way, decision 119).
 */
export function fromOrigin<T>(work: () => T): T {
  return withRequestOrigin(ORIGIN, work);
}

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
