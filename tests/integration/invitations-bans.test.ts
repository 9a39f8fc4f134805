import { describe, expect, it } from "vitest";
import { issueTokens } from "~/server/auth/tokens.server";
import { getDb, schema } from "~/server/db/db.server";
import { changeInvite, getInvitePage, joinWithSecret } from "~/server/invitations/invites.server";
import { actorOf, cast, membershipRow } from "./communities-support";
import { fetchApp } from "./helpers";
import { browserFor, pageText } from "./settings-support";

const address = () => `198.51.100.${Math.floor(Math.random() * 250)}-${Math.random()}`;

/** Decision 161 with 155: a banned person's right code or link joins nothing, through the membership rule. */
describe("joining by code or link refuses a banned person", () => {
  it("through the service, the page and the API; the join is not counted", async () => {
    const { owner, stranger, community } = await cast({ joinPolicy: "invite" });
    await changeInvite(await actorOf(owner.id), community.id, { intent: "on" });
    const page = await getInvitePage(owner.id, community.id);
    if (page.status !== "ok" || !page.invite) throw new Error("no invite");
    const { code, token } = page.invite;
    await getDb()
      .insert(schema.communityBans)
      .values({ communityId: community.id, userId: stranger.id, bannedBy: owner.id });
    const actor = await actorOf(stranger.id);
    expect(await joinWithSecret(actor, { code }, address())).toEqual({ status: "banned" });
    expect(await joinWithSecret(actor, { token }, address())).toEqual({ status: "banned" });
    expect(await membershipRow(community.id, stranger.id)).toBeNull();

    const browser = await browserFor(stranger);
    const form = await browser.post("/join", { code });
    expect(form.status).toBe(200);
    expect(await pageText(form)).toContain("You cannot join this community.");
    const link = await browser.post(`/join/${token}`, {});
    expect(await pageText(link)).toContain("You cannot join this community.");

    const { token: accessToken } = await issueTokens(stranger.id);
    const api = await fetchApp("/api/v1/communities/join", {
      method: "POST",
      headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ code }),
    });
    expect(api.status).toBe(403);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe("not_allowed");
    expect(await membershipRow(community.id, stranger.id)).toBeNull();
    const after = await getInvitePage(owner.id, community.id);
    expect(after.status === "ok" && after.joins).toEqual({ code: 0, link: 0, email: 0 });

    // The ban lifted, the same code joins.
    await getDb().delete(schema.communityBans);
    expect((await joinWithSecret(actor, { code }, address())).status).toBe("joined");
  });
});
