import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/server/db/db.server";
import { ROSTER_MAILS_PER_DAY } from "~/server/invitations/roster.server";
import { cast } from "./communities-support";
import { browserFor, pageText } from "./settings-support";

/** A manager's invitation mails per 24 hours (decision 173 "Limits"): sends and resends count. */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function allowanceOf(managerId: number) {
  const [row] = await getDb()
    .select()
    .from(schema.rateLimits)
    .where(eq(schema.rateLimits.key, `roster:mails:${managerId}`));
  return row;
}

async function setAllowance(managerId: number, count: number, windowStart: number) {
  await getDb()
    .insert(schema.rateLimits)
    .values({ key: `roster:mails:${managerId}`, count, windowStart })
    .onConflictDoUpdate({ target: schema.rateLimits.key, set: { count, windowStart } });
}

async function invitationsOf(communityId: number) {
  const r = schema.rosterInvitations;
  return getDb().select().from(r).where(eq(r.communityId, communityId));
}

describe("a manager's daily invitation mails", () => {
  it("counts each address, refuses a send that would pass the day's limit whole, and opens again after 24 hours", async () => {
    const { owner, community } = await cast({ joinPolicy: "invite" });
    const teacher = await browserFor(owner);
    const here = `/communities/${community.id}/manage/roster`;
    const id = unique();
    const addresses = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => `${tag}${i}-${id}@example.test`).join("\n");

    await teacher.post(here, { intent: "send", roster: addresses(2, "first") });
    expect((await allowanceOf(owner.id))?.count).toBe(2);

    // Two left: three addresses send none of them, keep what was typed, and take nothing.
    const { limit } = ROSTER_MAILS_PER_DAY;
    await setAllowance(owner.id, limit - 2, Date.now() - 60_000);
    const three = addresses(3, "three");
    const refused = await teacher.post(here, { intent: "send", roster: three });
    expect(refused.status).toBe(429);
    const text = await pageText(refused);
    expect(text).toContain(`You can send ${limit} invitations a day, and today's are used up. Try again in 24 hours.`);
    expect(text).toContain(three.split("\n")[0]);
    expect(await invitationsOf(community.id)).toHaveLength(2);
    expect((await allowanceOf(owner.id))?.count).toBe(limit - 2);

    // Two fit; then a resend is one more and is refused.
    expect((await teacher.post(here, { intent: "send", roster: addresses(2, "two") })).status).toBe(302);
    expect(await invitationsOf(community.id)).toHaveLength(4);
    expect((await allowanceOf(owner.id))?.count).toBe(limit);
    const [first] = await invitationsOf(community.id);
    const resend = await teacher.post(here, { intent: "resend", invitationId: String(first!.id) });
    expect(resend.status).toBe(429);
    expect(await pageText(resend)).toContain("invitations a day");

    // A day later the window starts again.
    await setAllowance(owner.id, limit, Date.now() - ROSTER_MAILS_PER_DAY.windowMs - 1);
    expect((await teacher.post(here, { intent: "send", roster: three })).status).toBe(302);
    expect(await invitationsOf(community.id)).toHaveLength(7);
    expect((await allowanceOf(owner.id))?.count).toBe(3);
  });
});
