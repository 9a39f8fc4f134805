import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildCalendar } from "~/lib/calendar/ical";
import { issueTokens } from "~/server/auth/tokens.server";
import { getDb, schema } from "~/server/db/db.server";
import { makeCommunity } from "./communities-support";
import { communityWithPeople, eventForm } from "./events-support";
import { createUser, fetchApp, postForm, signIn } from "./helpers";

/**
 * Issue 22 item 6 (decision 114): C0 and C1 control characters never reach stored text, by one
 * rule in the forms' and the API's one parse path; a multi-line field keeps its line breaks
 * (CR LF and a lone CR become LF) and tabs. iCalendar output has no bare CR whatever it is given.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: what the test looks for
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: what the test looks for
const SINGLE_LINE_CONTROLS = /[\u0000-\u001F\u007F-\u009F]/;

describe("control characters", { timeout: 60_000 }, () => {
  it("never reach an event's stored title, and its .ics has no bare CR and no injected line", async () => {
    const { community, manager } = await communityWithPeople();
    const cookie = await signIn(manager.email, manager.password);
    const title = "ICS inj\rATTACH:http://evil.test/cr";
    const response = await postForm(
      "/calendar/new",
      {
        ...eventForm,
        // Ahead of any test clock, so the download has the occurrence in it.
        startDate: "2030-03-01",
        recurrence: "none",
        recurrenceUntil: "",
        title,
        location: "Gym\u0007\u0085 hall",
        description: "Line one\r\nLine two\rLine three\u0000\u001b[31m\tend",
        community: String(community.id),
      },
      { cookie },
    );
    expect(response.status).toBe(302);
    const id = Number(response.headers.get("Location")!.split("/").pop());
    const [event] = await getDb().select().from(schema.events).where(eq(schema.events.id, id));
    expect(event!.title).not.toMatch(SINGLE_LINE_CONTROLS);
    expect(event!.title).toBe("ICS inj ATTACH:http://evil.test/cr");
    expect(event!.location).toBe("Gym hall");
    expect(event!.description).toBe("Line one\nLine two\nLine three[31m\tend");

    const ics = await (await fetchApp(`/calendar/events/${id}/ics`, { headers: { Cookie: cookie } })).text();
    expect(ics).not.toMatch(/\r(?!\n)/);
    expect(ics).not.toMatch(/(^|\n)ATTACH/);
    expect(ics).toContain("SUMMARY:ICS inj ATTACH:http://evil.test/cr");
  });

  it("are escaped out of iCalendar text however they were stored", () => {
    const ics = buildCalendar("Cal\rX-EVIL:1", [
      {
        uid: "1@test",
        title: "ICS inj\rATTACH:http://evil.test/cr\u0000\u0085",
        description: "a\r\nb\u0007",
        location: null,
        startsAt: Date.parse("2026-03-01T10:00:00Z"),
        endsAt: Date.parse("2026-03-01T11:00:00Z"),
        allDay: false,
        url: "http://localhost/calendar/events/1",
        updatedAt: Date.parse("2026-02-01T10:00:00Z"),
      },
    ]);
    expect(ics).not.toMatch(/\r(?!\n)/);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(SINGLE_LINE_CONTROLS);
    expect(ics).not.toMatch(/(^|\n)(ATTACH|X-EVIL)/);
  });

  it("never reach text sent to the JSON API, and a post keeps its line breaks and tabs", async () => {
    const owner = await createUser();
    const community = await makeCommunity(owner.id);
    const { token } = await issueTokens(owner.id);
    const response = await fetchApp("/api/v1/posts", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ communityId: community.id, body: "Hi\u0000 there\u009b\r\nsecond\u200b\tline\u007f" }),
    });
    expect(response.status).toBe(201);
    const { post } = (await response.json()) as { post: { id: number } };
    const [row] = await getDb().select().from(schema.posts).where(eq(schema.posts.id, post.id));
    expect(row!.body).not.toMatch(CONTROLS);
    expect(row!.body).toBe("Hi there\nsecond\u200b\tline");
  });

  it("never reach a name changed in settings", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    const response = await postForm(
      "/profile/settings",
      { intent: "profile", name: "Robert\u0008\u0008\u0008\u0007'); Tables\nX", username: user.username! },
      { cookie },
    );
    expect(response.status).toBeLessThan(500);
    const [row] = await getDb().select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row!.name).not.toMatch(SINGLE_LINE_CONTROLS);
  });
});
