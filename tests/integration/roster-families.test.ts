import { describe, expect, it } from "vitest";
import { batch } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { askFamilyLink, familyLabelsQuery, getFamilyPage } from "~/server/families/family.server";
import { changeInvite, getInvitePage } from "~/server/invitations/invites.server";
import { getChildChoice, nameChild } from "~/server/invitations/roster-children.server";
import { actorOf, addMember, cast } from "./communities-support";
import { createUser } from "./helpers";
import { browserFor, pageText } from "./settings-support";

/** Issue 25 item 4 with the roster (decision 174): a parent names their child, a teacher confirms. */
describe("a parent joining with the class code names their child among the roster's students", () => {
  it("pending until a manager confirms; then 'parent of Sam S.' for the managers and the parent only", async () => {
    const { owner, member, community } = await cast({ joinPolicy: "invite" });
    const manager = await actorOf(owner.id);
    const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await getDb()
      .insert(schema.rosterInvitations)
      .values(
        ["Sam Smith", "Ana Lopez"].map((student, index) => ({
          communityId: community.id,
          email: `roster-${index}-${suffix}@example.test`,
          student,
          tokenHash: `${suffix}-${index}`,
          invitedBy: owner.id,
          expiresAt: Date.now() + 86_400_000,
        })),
      );
    await changeInvite(manager, community.id, { intent: "on" });
    const page = await getInvitePage(owner.id, community.id);
    if (page.status !== "ok" || !page.invite) throw new Error("no code");

    const parent = await createUser({ name: "Pat Parent" });
    const browser = await browserFor(parent);
    // A stranger to the class sees no students and cannot name one.
    expect(await getChildChoice(parent.id, community.id)).toBeNull();
    expect(await nameChild(await actorOf(parent.id), community.id, "Sam Smith")).toBe(false);

    const joined = await browser.post("/join", { code: page.invite.code });
    expect(joined.headers.get("Location")).toBe(`/communities/${community.id}/child`);
    const childPage = await browser.get(`/communities/${community.id}/child`);
    expect(Number(childPage.headers.get("X-D1-Round-Trips"))).toBe(1);
    const choice = await pageText(childPage);
    expect(choice).toContain("Ana L.");
    expect(choice).toContain("Sam S.");
    expect(choice).not.toContain("Smith");
    // A name that is not on the roster is refused; one that is waits for a teacher.
    const wrong = await browser.post(`/communities/${community.id}/child`, { student: "Nobody Here" });
    expect(wrong.headers.get("Location")).toBe(`/communities/${community.id}/child`);
    const named = await browser.post(`/communities/${community.id}/child`, { student: "Sam Smith" });
    expect(named.headers.get("Location")).toBe(`/communities/${community.id}`);
    expect(await pageText(await browser.get(`/communities/${community.id}/child`))).toContain(
      "Sam S.: waiting for a teacher to confirm",
    );
    const labels = async (viewerId: number) => (await batch({ l: familyLabelsQuery(viewerId, community.id) })).l;
    expect(await labels(owner.id)).toEqual([]);

    // Only a manager sees and answers it.
    const memberBrowser = await browserFor(member);
    expect((await memberBrowser.get(`/communities/${community.id}/manage/families`)).status).toBe(403);
    const refused = await memberBrowser.post(`/communities/${community.id}/manage/families`, {
      intent: "confirm",
      parentId: String(parent.id),
      student: "Sam Smith",
    });
    expect(refused.status).toBe(403);
    const teacher = await browserFor(owner);
    const familiesPage = await teacher.get(`/communities/${community.id}/manage/families`);
    expect(Number(familiesPage.headers.get("X-D1-Round-Trips"))).toBe(1);
    const requests = await pageText(familiesPage);
    expect(requests).toContain("Pat Parent says they are a parent of Sam Smith");
    const confirmed = await teacher.post(`/communities/${community.id}/manage/families`, {
      intent: "confirm",
      parentId: String(parent.id),
      student: "Sam Smith",
    });
    expect(confirmed.status).toBe(302);

    expect(await labels(owner.id)).toEqual([{ parentId: parent.id, childName: "Sam Smith" }]);
    expect(await labels(parent.id)).toEqual([{ parentId: parent.id, childName: "Sam Smith" }]);
    expect(await labels(member.id)).toEqual([]);
    const members = await pageText(await teacher.get(`/communities/${community.id}/manage/members`));
    expect(members).toContain("parent of Sam S.");
  });

  it("a teacher of the child's class confirms a parent's link to the child's account", async () => {
    const { owner, community } = await cast({ joinPolicy: "invite" });
    const child = await createUser({ name: "Kim Child" });
    const parent = await createUser({ name: "Lee Parent" });
    await addMember(community.id, child.id);
    await addMember(community.id, parent.id);
    const { code } = await getFamilyPage(child.id);
    expect(await askFamilyLink(await actorOf(parent.id), code)).toBe("asked");
    const teacher = await browserFor(owner);
    const here = `/communities/${community.id}/manage/families`;
    expect(await pageText(await teacher.get(here))).toContain("Lee Parent says they are a parent of Kim Child");
    const done = await teacher.post(here, {
      intent: "confirm",
      parentId: String(parent.id),
      childId: String(child.id),
    });
    expect(done.status).toBe(302);
    const members = await pageText(await teacher.get(`/communities/${community.id}/manage/members`));
    expect(members).toContain("parent of Kim C.");
    expect(await pageText(await teacher.get(here))).toContain("Nothing to confirm.");
  });
});
