import { describe, expect, it } from "vitest";
import { batch } from "~/server/db/batch.server";
import {
  answerFamilyLink,
  askFamilyLink,
  familyLabelsQuery,
  getFamilyPage,
  shortName,
} from "~/server/families/family.server";
import { confirmedChildrenOf, confirmedLink, confirmedParentsOf } from "~/server/families/links.server";
import { actorOf, addMember, makeCommunity } from "./communities-support";
import { createUser } from "./helpers";
import { browserFor, pageText } from "./settings-support";

async function labels(viewerId: number, communityId: number) {
  const { rows } = await batch({ rows: familyLabelsQuery(viewerId, communityId) });
  return rows;
}

describe("families linked", () => {
  it("a link needs the child's or a class manager's confirmation, and only they may give it", async () => {
    const teacher = await createUser({ name: "Tara Teacher" });
    const child = await createUser({ name: "Sam Smith" });
    const parent = await createUser({ name: "Pat Parent" });
    const stranger = await createUser();
    const classroom = await makeCommunity(teacher.id);
    await addMember(classroom.id, child.id);
    await addMember(classroom.id, parent.id);
    const { code } = await getFamilyPage(child.id);
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect((await getFamilyPage(child.id)).code).toBe(code);
    expect(await askFamilyLink(await actorOf(parent.id), "WRNG-CODE")).toBe("wrong");
    expect(await askFamilyLink(await actorOf(parent.id), code.toLowerCase())).toBe("asked");
    // Pending: nothing outside the area sees it.
    const { children } = await batch({ children: confirmedChildrenOf(parent.id) });
    expect(children).toEqual([]);
    // The parent cannot confirm their own ask, nor can a stranger.
    expect(await answerFamilyLink(await actorOf(parent.id), parent.id, child.id, true)).toBe(false);
    expect(await answerFamilyLink(await actorOf(stranger.id), parent.id, child.id, true)).toBe(false);
    // The class's teacher can.
    expect(await answerFamilyLink(await actorOf(teacher.id), parent.id, child.id, true)).toBe(true);
    const after = await batch({
      children: confirmedChildrenOf(parent.id),
      parents: confirmedParentsOf(child.id),
      link: confirmedLink(parent.id, child.id),
    });
    expect(after.children.map((row) => row.childId)).toEqual([child.id]);
    expect(after.parents.map((row) => row.parentId)).toEqual([parent.id]);
    expect(after.link).toHaveLength(1);
    expect((await getFamilyPage(parent.id)).children).toEqual([
      { id: child.id, name: "Sam Smith", state: "confirmed", student: null },
    ]);
  });

  it("the child confirms from /profile/family; the label shows only to the managers and the two", async () => {
    const teacher = await createUser({ name: "Tia Teacher" });
    const child = await createUser({ name: "Sam Stone" });
    const parent = await createUser({ name: "Pia Parent" });
    const otherMember = await createUser();
    const classroom = await makeCommunity(teacher.id);
    for (const person of [child, parent, otherMember]) await addMember(classroom.id, person.id);
    const { code } = await getFamilyPage(child.id);
    const parentBrowser = await browserFor(parent);
    const asked = await parentBrowser.post("/profile/family", { intent: "ask", code });
    expect(asked.status).toBe(302);
    const childBrowser = await browserFor(child);
    expect(await pageText(await childBrowser.get("/profile/family"))).toContain("Pia Parent");
    expect(
      (await childBrowser.post("/profile/family", { intent: "confirm", parentId: String(parent.id) })).status,
    ).toBe(302);
    const label = [{ parentId: parent.id, childName: "Sam Stone" }];
    expect(await labels(teacher.id, classroom.id)).toEqual(label);
    expect(await labels(parent.id, classroom.id)).toEqual(label);
    expect(await labels(child.id, classroom.id)).toEqual(label);
    expect(await labels(otherMember.id, classroom.id)).toEqual([]);
    expect(shortName("Sam Stone")).toBe("Sam S.");
    const teacherBrowser = await browserFor(teacher);
    const members = await pageText(await teacherBrowser.get(`/communities/${classroom.id}/manage/members`));
    expect(members).toContain("parent of Sam S.");
  });
});
