import { and, asc, eq } from "drizzle-orm";
import type { Category } from "~/lib/categories";
import { batch } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import {
  type CalendarItem,
  occurrenceQueries,
  toItems,
  UPCOMING_DAYS,
  UPCOMING_LIMIT,
  upcomingWhere,
} from "~/server/events/calendar.server";
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
  const until = now + UPCOMING_DAYS * 86_400_000;
  const [eventsQuery, exceptionsQuery] = occurrenceQueries(upcomingWhere({ schoolId }, now, until), now, until);
  const { schools, communities, follows, events, exceptions } = await batch({
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
    events: eventsQuery,
    exceptions: exceptionsQuery,
  });
  const school = schools[0];
  if (!school) return null;
  const upcoming = toItems([events, exceptions], now, until).slice(0, UPCOMING_LIMIT);
  return { school, following: follows.length > 0, communities, upcoming };
}
