import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { encodeCursor } from "~/server/content/post-cards.server";
import { getDb, schema } from "~/server/db/db.server";
import { calendarFor } from "~/server/events/calendar.server";
import { loadNewsfeed, NEWSFEED_PAGE_SIZE, newsfeedPageSize } from "~/server/feed/newsfeed.server";
import { listBox } from "~/server/inbox/inbox.server";
import { addMember, makeCommunity } from "./communities-support";
import { createUser } from "./helpers";
import { createSchool } from "./schools-support";

/**
 * The three pages that read over 2,000 rows at scale 0.1 now read from indexes (decision 187).
 * The query-plan test proves the reads; these prove the answers did not change: every case the
 * old statements answered (the order, ties, who sees a pending post, the cursor, an event that
 * began long before the month, a series without end, a date moved out of an ended series).
 */
const T0 = Date.parse("2026-06-01T12:00:00Z");
const MINUTE = 60_000;

describe("the newsfeed's merged page (decision 187)", () => {
  it("is every visible post of the viewer's communities, newest first, ties by id, page after page", {
    timeout: 60_000,
  }, async () => {
    const viewer = await createUser();
    const other = await createUser();
    const member = await makeCommunity(other.id);
    const managed = await makeCommunity(other.id);
    const authored = await makeCommunity(other.id);
    const pendingHere = await makeCommunity(other.id);
    const stranger = await makeCommunity(other.id);
    await addMember(member.id, viewer.id);
    await addMember(managed.id, viewer.id, "manager");
    await addMember(authored.id, viewer.id);
    await addMember(pendingHere.id, viewer.id, "member", "pending");
    const db = getDb();
    type Post = typeof schema.posts.$inferInsert;
    const rows: Post[] = [];
    // Interleaved times, some equal across communities; every fifth post pending.
    for (let i = 0; i < 57; i += 1) {
      const communityId = [member.id, managed.id, authored.id][i % 3]!;
      const authorId = communityId === authored.id && i % 2 === 0 ? viewer.id : other.id;
      rows.push({
        communityId,
        authorId,
        body: `merged ${i}`,
        createdAt: T0 - Math.floor(i / 2) * MINUTE,
        status: i % 5 === 0 ? "pending" : "published",
      });
    }
    for (const communityId of [pendingHere.id, stranger.id])
      rows.push({ communityId, authorId: other.id, body: "not mine", createdAt: T0 + MINUTE });
    const inserted = [];
    for (let k = 0; k < rows.length; k += 12)
      inserted.push(
        ...(await db
          .insert(schema.posts)
          .values(rows.slice(k, k + 12))
          .returning()),
      );
    // What the viewer may see: published posts; pending ones only their own, or as a manager.
    const expected = inserted
      .filter((post) => [member.id, managed.id, authored.id].includes(post.communityId ?? 0))
      .filter((post) => post.status === "published" || post.authorId === viewer.id || post.communityId === managed.id)
      .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)
      .map((post) => post.id);
    expect(expected.length).toBeGreaterThan(2 * NEWSFEED_PAGE_SIZE);

    const shown: number[] = [];
    let cursor: { createdAt: number; id: number } | null = null;
    for (let page = 0; page < 5; page += 1) {
      const result = await loadNewsfeed(viewer.id, cursor);
      shown.push(...result.posts.map((post) => post.id));
      const last = result.posts.at(-1);
      if (result.endOfFeed || !last) break;
      cursor = { createdAt: last.createdAt, id: last.id };
      expect(encodeCursor(last)).toContain(String(last.id));
    }
    expect(shown).toEqual(expected);
    // Two pages at once (the page grown without JavaScript) are the same posts.
    expect((await loadNewsfeed(viewer.id, null, newsfeedPageSize(null, 2))).posts.map((post) => post.id)).toEqual(
      expected.slice(0, newsfeedPageSize(null, 2)),
    );
  });
});

describe("the inbox's page in the order of the copies' time (decision 187)", () => {
  it("orders by the message's time, not its id, pages by cursor, and skips deleted copies", {
    timeout: 60_000,
  }, async () => {
    const sender = await createUser();
    const reader = await createUser();
    const db = getDb();
    // Ids rising while the times jump about (imported or seeded mail), with equal times too.
    const times = Array.from({ length: 26 }, (_, i) => T0 - ((i * 7) % 13) * MINUTE);
    const messages = [];
    for (let k = 0; k < times.length; k += 10)
      messages.push(
        ...(await db
          .insert(schema.mailMessages)
          .values(
            times
              .slice(k, k + 10)
              .map((createdAt, j) => ({ senderId: sender.id, subject: `Note ${k + j}`, body: "Hello", createdAt })),
          )
          .returning()),
      );
    // Copies inserted as any writer would, without the time: the trigger copies it (migration 0034).
    await db
      .insert(schema.mailRecipients)
      .values(messages.map((message) => ({ messageId: message.id, userId: reader.id })));
    const copies = await db.select().from(schema.mailRecipients).where(eq(schema.mailRecipients.userId, reader.id));
    for (const copy of copies)
      expect(copy.createdAt).toBe(messages.find((message) => message.id === copy.messageId)!.createdAt);
    const deleted = messages[3]!;
    await db
      .update(schema.mailRecipients)
      .set({ deletedAt: T0 })
      .where(eq(schema.mailRecipients.messageId, deleted.id));

    const expected = messages
      .filter((message) => message.id !== deleted.id)
      .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)
      .map((message) => message.id);
    const first = await listBox(reader.id, "inbox");
    expect(first.data.map((row) => row.id)).toEqual(expected.slice(0, 20));
    expect(first.nextCursor).not.toBeNull();
    const second = await listBox(reader.id, "inbox", first.nextCursor);
    expect(second.data.map((row) => row.id)).toEqual(expected.slice(20));
    expect(second.nextCursor).toBeNull();
    expect(first.unreadCount).toBe(25);
  });
});

describe("a calendar month from its candidates (decision 187)", () => {
  it("shows long events, endless series, dates moved out of ended series and followed schools' events; nothing else", {
    timeout: 60_000,
  }, async () => {
    const viewer = await createUser();
    const owner = await createUser();
    const community = await makeCommunity(owner.id);
    await addMember(community.id, viewer.id);
    const school = await createSchool();
    await getDb().insert(schema.schoolFollows).values({ userId: viewer.id, schoolId: school.id });
    const from = Date.parse("2026-03-01T00:00:00Z");
    const to = Date.parse("2026-04-01T00:00:00Z");
    const at = (iso: string) => Date.parse(iso);
    const event = (title: string, values: Partial<typeof schema.events.$inferInsert>) => ({
      title,
      communityId: community.id,
      startsAt: at("2026-03-10T10:00:00Z"),
      endsAt: at("2026-03-10T11:00:00Z"),
      timeZone: "UTC",
      ...values,
    });
    const rows = await getDb()
      .insert(schema.events)
      .values([
        event("Season", { startsAt: at("2025-12-01T10:00:00Z"), endsAt: at("2026-03-05T10:00:00Z") }),
        event("Practice", {
          startsAt: at("2024-01-02T16:00:00Z"),
          endsAt: at("2024-01-02T17:00:00Z"),
          recurrence: "weekly",
        }),
        event("Workshop", {
          startsAt: at("2026-01-05T10:00:00Z"),
          endsAt: at("2026-01-05T11:00:00Z"),
          recurrence: "weekly",
          recurrenceUntil: at("2026-01-26T00:00:00Z"),
        }),
        event("Open house", { communityId: null, schoolId: school.id }),
        event("Over", { startsAt: at("2026-02-10T10:00:00Z"), endsAt: at("2026-02-27T10:00:00Z") }),
        event("Later", { startsAt: at("2026-04-10T10:00:00Z"), endsAt: at("2026-04-10T11:00:00Z") }),
        event("Called off", { cancelledAt: at("2026-02-01T00:00:00Z") }),
        event("Elsewhere", { communityId: (await makeCommunity(owner.id)).id }),
      ])
      .returning();
    const id = (title: string) => rows.find((row) => row.title === title)!.id;
    // The Workshop's date of 19 January moved into March, after its series ended.
    await getDb()
      .insert(schema.eventExceptions)
      .values({
        eventId: id("Workshop"),
        occurrenceStart: at("2026-01-19T10:00:00Z"),
        cancelled: false,
        startsAt: at("2026-03-20T10:00:00Z"),
        endsAt: at("2026-03-20T11:00:00Z"),
      });

    const items = await calendarFor(viewer.id, from, to);
    const titles = (title: string) => items.filter((item) => item.eventId === id(title));
    expect(titles("Season")).toHaveLength(1);
    // Practice repeats every Tuesday without end: the five Tuesdays of March 2026.
    expect(titles("Practice").map((item) => new Date(item.startsAt).toISOString().slice(0, 10))).toEqual([
      "2026-03-03",
      "2026-03-10",
      "2026-03-17",
      "2026-03-24",
      "2026-03-31",
    ]);
    expect(titles("Workshop")).toEqual([
      expect.objectContaining({ startsAt: at("2026-03-20T10:00:00Z"), moved: true }),
    ]);
    expect(titles("Open house")).toHaveLength(1);
    for (const hidden of ["Over", "Later", "Called off", "Elsewhere"]) expect(titles(hidden)).toEqual([]);
  });
});
