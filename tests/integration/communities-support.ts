import { eq } from "drizzle-orm";
import type { Policies } from "~/lib/community-rules";
import { createCommunity } from "~/server/communities/communities.server";
import { getDb, schema } from "~/server/db/db.server";
import type { Actor } from "~/server/users/session-user.server";
import { createUser } from "./helpers";

/** A user as a service's actor: their id and current token version (decision 042), read from D1. */
export async function actorOf(userId: number): Promise<Actor> {
  const u = schema.users;
  const [row] = await getDb().select({ id: u.id, tokenVersion: u.tokenVersion }).from(u).where(eq(u.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row;
}

let counter = 0;

/** A community owned by `ownerId`, with a unique slug; policies default to open / all / no approval. */
export async function makeCommunity(
  ownerId: number,
  policies: Partial<Policies> & { name?: string; description?: string } = {},
) {
  counter += 1;
  const slug = `t-${Date.now().toString(36)}-${counter}`;
  const result = await createCommunity(await actorOf(ownerId), {
    name: policies.name ?? `Community ${counter}`,
    slug,
    category: "club",
    description: policies.description ?? "",
    joinPolicy: policies.joinPolicy ?? "open",
    postPolicy: policies.postPolicy ?? "all",
    requiresApproval: policies.requiresApproval ?? false,
  });
  if (result.status !== "created") throw new Error("slug taken");
  return { id: result.id, slug };
}

export async function addMember(
  communityId: number,
  userId: number,
  role: "owner" | "manager" | "member" = "member",
  status: "active" | "pending" | "invited" = "active",
) {
  await getDb().insert(schema.communityMembers).values({ communityId, userId, role, status });
}

export async function membershipRow(communityId: number, userId: number) {
  const rows = await getDb().select().from(schema.communityMembers);
  return rows.find((row) => row.communityId === communityId && row.userId === userId) ?? null;
}

/** An owner, a member and a stranger around one community. */
export async function cast(policies: Partial<Policies> = {}) {
  const owner = await createUser({ name: "Olivia Owner" });
  const member = await createUser({ name: "Milo Member" });
  const stranger = await createUser({ name: "Sam Stranger" });
  const community = await makeCommunity(owner.id, policies);
  await addMember(community.id, member.id);
  return { owner, member, stranger, community };
}
