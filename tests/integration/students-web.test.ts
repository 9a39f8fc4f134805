import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { issueTokens } from "~/server/auth/tokens.server";
import { createPost } from "~/server/content/posts.server";
import { getDb } from "~/server/db/db.server";
import { markStudent } from "~/server/families/students.server";
import { actorOf, addMember, makeCommunity } from "./communities-support";
import { createUser, fetchApp, postForm, signIn } from "./helpers";
import { browserFor, pageText } from "./settings-support";

/** Issue 26 item 1's rest (decision 185): a class's teacher marks a student; a student waiting for consent is told so. */

const YEAR = new Date().getUTCFullYear();

async function studentRow(userId: number) {
  const rows = await getDb().all<{ birth_year: number; set_by: number }>(
    sql`SELECT birth_year, set_by FROM student_accounts WHERE user_id = ${userId}`,
  );
  return rows[0] ?? null;
}

describe("a class's teacher marks a member as a student (no JavaScript)", { timeout: 90_000 }, () => {
  it("marks with a birth year from the members page, refuses a wrong year at the field, and unmarks", async () => {
    const tess = await createUser({ name: "Tess Teacher" });
    const kim = await createUser({ name: "Kim Kid" });
    const { id } = await makeCommunity(tess.id, { name: "Room 7" });
    await addMember(id, kim.id);
    const cookie = await signIn(tess.email, tess.password);
    const here = `/communities/${id}/manage/members`;
    const page = async () => (await fetchApp(here, { headers: { Cookie: cookie } })).text();
    expect(await page()).toContain("Mark as a student");

    for (const birthYear of ["12", "abcd", String(YEAR - 60)]) {
      const wrong = await postForm(here, { intent: "student", childId: String(kim.id), birthYear }, { cookie });
      expect(wrong.status).toBe(400);
      const html = await wrong.text();
      expect(html).toContain("Enter the student&#x27;s birth year (four digits).");
      expect(html).toContain('aria-invalid="true"');
    }
    expect(await studentRow(kim.id)).toBeNull();

    const marked = await postForm(
      here,
      { intent: "student", childId: String(kim.id), birthYear: String(YEAR - 10) },
      { cookie },
    );
    expect(marked.status).toBe(302);
    expect(marked.headers.get("Location")).toBe(here);
    expect(await studentRow(kim.id)).toEqual({ birth_year: YEAR - 10, set_by: tess.id });
    const after = await page();
    expect(after).toContain(`Student, born ${YEAR - 10}`);
    expect(after).toContain("waiting for a parent&#x27;s consent");
    expect(after).toContain("Not a student");

    const unmarked = await postForm(here, { intent: "notStudent", childId: String(kim.id) }, { cookie });
    expect(unmarked.status).toBe(302);
    expect(await studentRow(kim.id)).toBeNull();
  });

  it('offers "Not a student" only for the teacher\'s own marking, and refuses the rest (decision 241)', async () => {
    const tess = await createUser({ name: "Tess Teacher" });
    const kim = await createUser({ name: "Kim Kid" });
    const cody = await createUser({ name: "Cody Coach" });
    const { id } = await makeCommunity(cody.id, { name: "Chess Club" });
    const { id: classId } = await makeCommunity(tess.id, { name: "Room 11" });
    await addMember(id, kim.id);
    await addMember(classId, kim.id);
    expect(await markStudent(await actorOf(tess.id), kim.id, YEAR - 10)).toBe("ok");
    const coach = await browserFor(cody);
    const here = `/communities/${id}/manage/members`;
    const html = await (await coach.get(here)).text();
    expect(html).toContain(`Student, born ${YEAR - 10}`);
    expect(html).not.toContain("Not a student");
    // Posted anyway (an old page, a crafted form): refused, and said so.
    const undo = await coach.post(here, { intent: "notStudent", childId: String(kim.id) });
    expect(undo.status).toBe(302);
    expect(await studentRow(kim.id)).toEqual({ birth_year: YEAR - 10, set_by: tess.id });
    expect(await (await coach.get(here)).text()).toContain(
      "Only the student&#x27;s parent, or the teacher who marked the account, can change it.",
    );
    // The teacher who marked Kim is offered the undo on her own class's page.
    const teacher = await browserFor(tess);
    expect(await (await teacher.get(`/communities/${classId}/manage/members`)).text()).toContain("Not a student");
  });

  it("a member who is not staff cannot mark or unmark, and sees no student controls", async () => {
    const tess = await createUser({ name: "Tess Teacher" });
    const kim = await createUser({ name: "Kim Kid" });
    const nia = await createUser({ name: "Nia Neighbour" });
    const { id } = await makeCommunity(tess.id, { name: "Room 8" });
    await addMember(id, kim.id);
    await addMember(id, nia.id);
    const cookie = await signIn(nia.email, nia.password);
    const here = `/communities/${id}/manage/members`;
    const tried = await postForm(
      here,
      { intent: "student", childId: String(kim.id), birthYear: String(YEAR - 10) },
      { cookie },
    );
    expect(tried.status).toBe(403);
    expect(await studentRow(kim.id)).toBeNull();
    expect(await markStudent(await actorOf(tess.id), kim.id, YEAR - 10)).toBe("ok");
    const undo = await postForm(here, { intent: "notStudent", childId: String(kim.id) }, { cookie });
    expect(undo.status).toBe(403);
    expect(await studentRow(kim.id)).not.toBeNull();
    expect((await fetchApp(here, { headers: { Cookie: cookie } })).status).toBe(403);
  });
});

describe("a student under 13 without consent who posts is told why, at the field", { timeout: 90_000 }, () => {
  it("answers the web form and the API with the consent message, keeping what was typed", async () => {
    const tess = await createUser({ name: "Tess Teacher" });
    const ivy = await createUser({ name: "Ivy Young" });
    const { id } = await makeCommunity(tess.id, { name: "Room 9" });
    await addMember(id, ivy.id);
    expect(await markStudent(await actorOf(tess.id), ivy.id, YEAR - 10)).toBe("ok");
    const cookie = await signIn(ivy.email, ivy.password);
    const form = await postForm("/content", { body: "My drawing of a cat", communityId: String(id) }, { cookie });
    expect(form.status).toBe(403);
    const html = await form.text();
    expect(html).toContain("A parent needs to give consent before you can post.");
    expect(html).not.toContain("You cannot post in this community.");
    // At the field: the composer's textarea, with the text kept and the message tied to it.
    expect(html).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*>My drawing of a cat<\/textarea>/);
    expect(html).toContain('id="composer-body-error"');

    const { token } = await issueTokens(ivy.id);
    const api = await fetchApp("/api/v1/posts", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ communityId: id, body: "From the app" }),
    });
    expect(api.status).toBe(403);
    const error = ((await api.json()) as { error: { code: string; reason: string; message: string } }).error;
    expect(error).toMatchObject({ code: "not_allowed", reason: "consent_required" });
    expect(error.message).toContain("A parent needs to give consent");
    // Someone who simply may not post still gets the general refusal.
    const stranger = await createUser({ name: "Stu Stranger" });
    const other = await postForm(
      "/content",
      { body: "Hello", communityId: String(id) },
      { cookie: await signIn(stranger.email, stranger.password) },
    );
    expect(other.status).toBe(403);
    expect(await other.text()).toContain("You cannot post in this community.");
  });
});

describe("a student under 13 without consent who comments is told why", { timeout: 90_000 }, () => {
  it("answers the post's form with the consent message, and the API with its reason", async () => {
    const tess = await createUser({ name: "Tess Teacher" });
    const ivy = await createUser({ name: "Ivy Young" });
    const { id } = await makeCommunity(tess.id, { name: "Room 10" });
    await addMember(id, ivy.id);
    expect(await markStudent(await actorOf(tess.id), ivy.id, YEAR - 10)).toBe("ok");
    const post = await createPost(await actorOf(tess.id), id, "Bring a leaf to class tomorrow");
    if (post.status !== "published") throw new Error("not posted");
    const browser = await browserFor(ivy);
    const form = await browser.post(`/content/${post.id}`, { intent: "comment", body: "I found a big one" });
    expect(form.status).toBe(302);
    expect(await pageText(await browser.get(form.headers.get("Location")!))).toContain(
      "A parent needs to give consent before you can comment.",
    );

    const { token } = await issueTokens(ivy.id);
    const api = await fetchApp(`/api/v1/posts/${post.id}/comments`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ body: "From the app" }),
    });
    expect(api.status).toBe(403);
    const error = ((await api.json()) as { error: { code: string; reason: string } }).error;
    expect(error).toMatchObject({ code: "not_allowed", reason: "consent_required" });
    const rows = await getDb().all(sql`SELECT id FROM comments WHERE post_id = ${post.id}`);
    expect(rows).toEqual([]);
  });
});
