import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { localMinutes } from "~/lib/quiet-hours";
import { sendMessage } from "~/server/chat/message-writes.server";
import { getDb, schema } from "~/server/db/db.server";
import { sendPushJob } from "~/server/notifications/push.server";
import { sendQuietSummaries } from "~/server/notifications/quiet-hours.server";
import { twoFriends } from "./chat-support";
import { fetchApp } from "./helpers";
import { bearerFor } from "./notifications-support";
import { decrypt, installFakePushService, newDevice, pushesTo } from "./push-support";

beforeAll(installFakePushService);

const ZONE = "America/Denver";
const clock = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
};

/** A person in Denver whose quiet hours are the two hours around now, with one subscribed phone. */
async function quietRecipient() {
  const { a, b } = await twoFriends();
  await getDb().update(schema.users).set({ timeZone: ZONE }).where(eq(schema.users.id, b.id));
  const token = await bearerFor(b.id);
  const now = localMinutes(Date.now(), ZONE);
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const put = await fetchApp("/api/v2/notification-settings", {
    method: "PUT",
    headers,
    body: JSON.stringify({ quietStart: clock(now - 60), quietEnd: clock(now + 60) }),
  });
  expect(put.status).toBe(200);
  const phone = await newDevice();
  const sub = await fetchApp("/api/v2/push-subscriptions", {
    method: "POST",
    headers,
    body: JSON.stringify(phone.json),
  });
  expect(sub.status).toBe(201);
  return { a, b, phone };
}

const heldFor = (userId: number) => getDb().query.heldPushes.findMany({ where: eq(schema.heldPushes.userId, userId) });

describe("quiet hours (issue 23 item 6)", () => {
  it("hold pushes until they end, then send one summary, once", async () => {
    const { a, b, phone } = await quietRecipient();
    for (const content of ["Bus is late", "Bus is here"])
      await sendMessage(
        { id: a.id, tokenVersion: 0 },
        { toUserId: b.id },
        { content, clientMsgId: crypto.randomUUID() },
      );
    const deadline = Date.now() + 10_000;
    while ((await heldFor(b.id)).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await heldFor(b.id)).toHaveLength(2);
    expect(await pushesTo([phone.endpoint], 1, 500)).toHaveLength(0);

    // Still quiet: nothing goes.
    expect(await sendQuietSummaries(Date.now())).toBe(0);
    // Two hours later they are over: one summary.
    const later = Date.now() + 2 * 3_600_000;
    expect(await sendQuietSummaries(later)).toBeGreaterThanOrEqual(1);
    const [summary] = await pushesTo([phone.endpoint], 1);
    expect(await decrypt(phone, summary!)).toMatchObject({
      title: "SchoolHub",
      body: "2 notifications while it was quiet",
      tag: "quiet-hours-summary",
    });
    expect(await heldFor(b.id)).toHaveLength(0);
    await sendQuietSummaries(later);
    expect(await pushesTo([phone.endpoint], 2, 800)).toHaveLength(1);
  });

  it("let an urgent push through at once", async () => {
    const { b, phone } = await quietRecipient();
    const payload = {
      title: "Lincoln Elementary",
      body: "School closes at noon today",
      url: "https://schoolhub.test/content/1",
    };
    await sendPushJob({ userIds: [b.id], payload, throughQuiet: true });
    const [push] = await pushesTo([phone.endpoint], 1);
    expect(await decrypt(phone, push!)).toEqual(payload);
    expect(await heldFor(b.id)).toHaveLength(0);
  });
});
