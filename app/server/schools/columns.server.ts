import { getTableColumns } from "drizzle-orm";
import { schema } from "~/server/db/db.server";

/** A school as lists, search and pages show it (decision 055): every column but `created_at`. */
const { createdAt: _createdAt, ...schoolColumns } = getTableColumns(schema.schools);

export { schoolColumns };
export type School = Omit<typeof schema.schools.$inferSelect, "createdAt">;
