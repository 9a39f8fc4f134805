import { getDb, schema } from "~/server/db/db.server";

let counter = 0;

/** A school, unique per call unless the fields given make it otherwise. */
export async function createSchool(overrides: Partial<typeof schema.schools.$inferInsert> = {}) {
  counter += 1;
  const [school] = await getDb()
    .insert(schema.schools)
    .values({
      slug: `test-school-${Date.now().toString(36)}-${counter}`,
      name: `Test School ${counter}`,
      district: "Test District",
      city: "Testville",
      state: "CA",
      kind: "elementary",
      ...overrides,
    })
    .returning();
  return school!;
}

/** A community with the given members (direct inserts: the communities area owns the pages). */
export async function createCommunity(
  members: { userId: number; role: "owner" | "manager" | "member"; status?: "active" | "pending" }[],
  overrides: Partial<typeof schema.communities.$inferInsert> = {},
) {
  counter += 1;
  const [community] = await getDb()
    .insert(schema.communities)
    .values({
      slug: `test-community-${Date.now().toString(36)}-${counter}`,
      name: `Community ${counter}`,
      category: "pto",
      ...overrides,
    })
    .returning();
  if (members.length > 0) {
    await getDb()
      .insert(schema.communityMembers)
      .values(
        members.map((m) => ({
          communityId: community!.id,
          userId: m.userId,
          role: m.role,
          status: m.status ?? "active",
        })),
      );
  }
  return community!;
}
