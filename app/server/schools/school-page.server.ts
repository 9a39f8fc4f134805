import { and, asc, eq } from "drizzle-orm";
import type { Category } from "~/lib/categories";
import { batch } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { type CalendarItem, upcomingWindow } from "~/server/events/calendar.server";
import { type School, schoolColumns } from "./schools.server";

export type SchoolCommunity = { id: number; slug: string; name: string; category: Category };

export type SchoolPage = {
  school: School;
  following: boolean;
  communities: SchoolCommunity[];
  upcoming: CalendarItem[];
};

const s = schema.schools;
const c = schema.communities;
const f = schema.schoolFollows;

/** /schools/{id}: the school, its communities, upcoming events and whether the viewer follows it, in one batch. */
export async function getSchoolPage(schoolId: number, viewerId: number, now = Date.now()): Promise<SchoolPage | null> {
  const db = getDb();
  const { schools, communities, follows, upcoming } = await batch({
    schools: db.select(schoolColumns).from(s).where(eq(s.id, schoolId)).limit(1),
    communities: db
      .select({ id: c.id, slug: c.slug, name: c.name, category: c.category })
      .from(c)
      .where(eq(c.schoolId, schoolId))
      .orderBy(asc(c.category), asc(c.name)),
    follows: db
      .select({ id: f.schoolId })
      .from(f)
      .where(and(eq(f.userId, viewerId), eq(f.schoolId, schoolId))),
    upcoming: upcomingWindow({ schoolId }, now),
  });
  const school = schools[0];
  if (!school) return null;
  return { school, following: follows.length > 0, communities, upcoming };
}
