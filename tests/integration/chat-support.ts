import { createGroup } from "~/server/chat/chat.server";
import { createPost } from "~/server/content/posts.server";
import { getDb, schema } from "~/server/db/db.server";
import { makeCommunity } from "./communities-support";
import { makeFriends } from "./friends-support";
import { createUser } from "./helpers";

/** Two friends, who may message each other (decision 050). */
export async function twoFriends() {
  const a = await createUser({ name: "Ada Parent" });
  const b = await createUser({ name: "Ben Teacher" });
  await makeFriends(a.id, b.id);
  return { a, b };
}

/** For groups (decision 060): Ana with a friend (Ben), a teammate (Cy, shared community) and a stranger (Dee). */
export async function groupCircle() {
  const people: Awaited<ReturnType<typeof createUser>>[] = [];
  for (const name of ["Ana Organiser", "Ben Friend", "Cy Teammate", "Dee Stranger"])
    people.push(await createUser({ name }));
  const [ana, ben, cy, dee] = people;
  await makeFriends(ana.id, ben.id);
  await shareCommunity(ana.id, cy.id);
  return { ana, ben, cy, dee };
}

/** A community where every given user is an active member. */
export async function shareCommunity(...userIds: number[]) {
  const db = getDb();
  const [community] = await db
    .insert(schema.communities)
    .values({ slug: `c-${crypto.randomUUID()}`, name: "Rockets", category: "team" })
    .returning();
  await db.insert(schema.communityMembers).values(
    userIds.map((userId) => ({
      communityId: community!.id,
      userId,
      role: "member" as const,
      status: "active" as const,
    })),
  );
  return community!.id;
}

let sequence = 0;
export function clientId() {
  sequence += 1;
  return `test-${Date.now().toString(36)}-${sequence}`;
}

/** Two friends; the first owns a community with a post and a group conversation with the other. */
export async function ownerWithPostAndGroup() {
  const { a: owner, b: friend } = await twoFriends();
  const community = await makeCommunity(owner.id);
  const post = await createPost(owner, community.id, "Field day on Friday");
  if (!("id" in post)) throw new Error(post.status);
  const group = await createGroup(owner, { title: "Helpers", memberIds: [friend.id], createKey: clientId() });
  if (group.status !== "ok") throw new Error(group.status);
  return { owner, friend, community, post, group };
}
