import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addToGroup, createGroup, sendMessage } from "~/server/chat/chat.server";
import { addComment } from "~/server/content/comments.server";
import { createPost } from "~/server/content/posts.server";
import { getDb } from "~/server/db/db.server";
import { markStudent, setConsent, setPeersOff, unmarkStudent } from "~/server/families/students.server";
import { clientId } from "./chat-support";
import { actorOf, addMember, makeCommunity } from "./communities-support";
import { makeFriends } from "./friends-support";
import { createUser, fetchApp, postForm, signIn } from "./helpers";
import { newcomer, postFrom, registrationFields } from "./registration-support";
import { bearer, linkParent } from "./students-support";

/** Issue 26 items 1: who may message a student, through the forms, the API and group adds (decision 175). */

const YEAR = new Date().getUTCFullYear();

/**
 * A class: Tess teaches it (manager), Sam and Kim are students in it (Sam 15, Kim 15), Nia is a
 * non-staff adult member who is also Sam's friend, Pat is Sam's linked parent (not a member).
 */
async function classroom() {
  const tess = await createUser({ name: "Tess Teacher" });
  const sam = await createUser({ name: "Sam Student" });
  const kim = await createUser({ name: "Kim Classmate" });
  const nia = await createUser({ name: "Nia Neighbour" });
  const pat = await createUser({ name: "Pat Parent" });
  const { id: classId } = await makeCommunity(tess.id, { name: "Room 12" });
  for (const user of [sam, kim, nia]) await addMember(classId, user.id);
  await makeFriends(nia.id, sam.id);
  await linkParent(pat.id, sam.id);
  // Before the flag, Nia (friend, shared community) may message Sam: a chat they already have.
  const before = await sendMessage(nia, { toUserId: sam.id }, { content: "Hi Sam", clientMsgId: clientId() });
  if (before.status !== "ok") throw new Error(before.status);
  // The parent marks Sam, the teacher marks Kim: both 15.
  expect(await markStudent(await actorOf(pat.id), sam.id, YEAR - 15)).toBe("ok");
  expect(await markStudent(await actorOf(tess.id), kim.id, YEAR - 15)).toBe("ok");
  return { tess, sam, kim, nia, pat, classId, niaChat: before.message.conversationId };
}

const send = (from: Awaited<ReturnType<typeof createUser>>, to: number, content = "Hello") =>
  sendMessage(from, { toUserId: to }, { content, clientMsgId: clientId() });

describe("who may message a student (issue 26 item 1)", { timeout: 90_000 }, () => {
  it("only a linked parent or a class's teacher marks an account as a student", async () => {
    const { sam, nia } = await classroom();
    const stranger = await createUser({ name: "Stu Stranger" });
    expect(await markStudent(await actorOf(stranger.id), nia.id, YEAR - 10)).toBe("not_allowed");
    // A member who is not staff may not mark a fellow member, nor unmark a student.
    expect(await markStudent(await actorOf(nia.id), sam.id, YEAR - 10)).toBe("not_allowed");
    expect(await unmarkStudent(await actorOf(nia.id), sam.id)).toBe("not_allowed");
    // A student cannot unmark themself.
    expect(await unmarkStudent(await actorOf(sam.id), sam.id)).toBe("not_allowed");
    expect(await markStudent(await actorOf(sam.id), sam.id, YEAR - 30)).toBe("invalid");
  });

  it("a teacher changes or undoes only their own marking; a parent any (decision 241)", async () => {
    const { tess, sam, kim, pat } = await classroom();
    // Sam also plays in a club whose manager is not his teacher; Kim is in it too.
    const cody = await createUser({ name: "Cody Coach" });
    const { id: clubId } = await makeCommunity(cody.id, { name: "Chess Club" });
    for (const child of [sam, kim]) await addMember(clubId, child.id);
    const yearOf = async (userId: number) =>
      (
        await getDb().all<{ birth_year: number; set_by: number | null }>(
          sql`SELECT birth_year, set_by FROM student_accounts WHERE user_id = ${userId}`,
        )
      )[0] ?? null;
    // The parent's marking of Sam: neither his teacher nor the club's manager undoes or changes it.
    for (const staff of [tess, cody]) {
      expect(await unmarkStudent(await actorOf(staff.id), sam.id)).toBe("not_allowed");
      expect(await markStudent(await actorOf(staff.id), sam.id, YEAR - 20)).toBe("not_allowed");
    }
    expect(await yearOf(sam.id)).toEqual({ birth_year: YEAR - 15, set_by: pat.id });
    // The teacher's marking of Kim: the club's manager cannot undo it either; the teacher can.
    expect(await unmarkStudent(await actorOf(cody.id), kim.id)).toBe("not_allowed");
    expect(await markStudent(await actorOf(cody.id), kim.id, YEAR - 20)).toBe("not_allowed");
    expect(await markStudent(await actorOf(tess.id), kim.id, YEAR - 14)).toBe("ok");
    expect(await yearOf(kim.id)).toEqual({ birth_year: YEAR - 14, set_by: tess.id });
    expect(await unmarkStudent(await actorOf(tess.id), kim.id)).toBe("ok");
    expect(await yearOf(kim.id)).toBeNull();
    // The parent changes and undoes what they, or anyone, set.
    expect(await markStudent(await actorOf(pat.id), sam.id, YEAR - 12)).toBe("ok");
    expect(await yearOf(sam.id)).toEqual({ birth_year: YEAR - 12, set_by: pat.id });
    expect(await unmarkStudent(await actorOf(pat.id), sam.id)).toBe("ok");
    expect(await yearOf(sam.id)).toBeNull();
  });

  it("a non-staff adult cannot message a student (service, chat form, chat API, inbox API); the teacher and the parent can", async () => {
    const { tess, sam, nia, pat, niaChat } = await classroom();
    expect(await send(nia, sam.id)).toEqual({ status: "not_allowed", reason: "student_staff_only" });
    expect(await send(tess, sam.id)).toMatchObject({ status: "ok" });
    expect(await send(pat, sam.id)).toMatchObject({ status: "ok" });
    // The student may answer the teacher and the parent, not the friend who is not staff.
    expect(await send(sam, tess.id)).toMatchObject({ status: "ok" });
    expect(await send(sam, pat.id)).toMatchObject({ status: "ok" });
    expect(await send(sam, nia.id)).toEqual({ status: "not_allowed", reason: "student_contacts_only" });

    // The web form (no JavaScript) in the chat they had before the flag: refused, with the reason.
    const cookie = await signIn(nia.email, nia.password);
    const form = await postForm(
      `/chat/${niaChat}`,
      { intent: "send", content: "Still there?", clientMsgId: clientId() },
      { cookie },
    );
    expect(form.status).toBe(403);
    expect(await form.text()).toContain("chat:refusals.student_staff_only");
    // The page says why there is no composer.
    const chatPage = await (await fetchApp(`/chat/${niaChat}`, { headers: { Cookie: cookie } })).text();
    expect(chatPage).toContain(
      "Only their teachers, their community&#x27;s staff and their parents can message a student.",
    );
    expect(chatPage).not.toContain('name="content"');

    // The JSON API: 403 not_allowed with the reason code.
    const api = await fetchApp(`/api/v2/conversation/${niaChat}/messages`, {
      method: "POST",
      headers: await bearer(nia.id),
      body: JSON.stringify({ content: "Via the app", clientMsgId: clientId() }),
    });
    expect(api.status).toBe(403);
    const error = ((await api.json()) as { error: { code: string; reason: string } }).error;
    expect(error).toMatchObject({ code: "not_allowed", reason: "student_staff_only" });

    // The inbox, over the API: the same rule, the same reason.
    const inbox = await fetchApp("/api/v2/inbox", {
      method: "POST",
      headers: await bearer(nia.id),
      body: JSON.stringify({ to: sam.username, subject: "Hi", body: "Hello Sam" }),
    });
    expect(inbox.status).toBe(403);
    expect(((await inbox.json()) as { error: { reason: string } }).error.reason).toBe("student_staff_only");
    const fromTeacher = await fetchApp("/api/v2/inbox", {
      method: "POST",
      headers: await bearer(tess.id),
      body: JSON.stringify({ to: sam.username, subject: "Homework", body: "Page 12" }),
    });
    expect(fromTeacher.status).toBe(201);
  });

  it("a classmate can message a student until the parent turns student-to-student off", async () => {
    const { sam, kim, pat, nia } = await classroom();
    expect(await send(kim, sam.id, "Lunch?")).toMatchObject({ status: "ok" });
    expect(await send(sam, kim.id, "Yes")).toMatchObject({ status: "ok" });
    // Only the linked parent may turn it off.
    expect(await setPeersOff(await actorOf(nia.id), sam.id, true)).toBe("not_allowed");
    expect(await setPeersOff(await actorOf(pat.id), sam.id, true)).toBe("ok");
    expect(await send(kim, sam.id, "Again?")).toEqual({ status: "not_allowed", reason: "student_peers_off" });
    expect(await send(sam, kim.id, "Again!")).toEqual({ status: "not_allowed", reason: "student_peers_off" });
    // A student of another community is no classmate.
    const other = await createUser({ name: "Oli Otherschool" });
    await makeFriends(other.id, kim.id);
    expect(await markStudent(await actorOf(pat.id), other.id, YEAR - 15)).toBe("not_allowed");
    await linkParent(pat.id, other.id);
    expect(await markStudent(await actorOf(pat.id), other.id, YEAR - 15)).toBe("ok");
    expect(await send(other, kim.id)).toEqual({ status: "not_allowed", reason: "student_not_classmate" });
  });

  it("group adds follow the rule with every member (service and API)", async () => {
    const { tess, sam, kim, nia } = await classroom();
    // The teacher may not put Sam in a group with Nia (a non-staff adult).
    const mixed = await createGroup(tess, { title: "Trip", memberIds: [sam.id, nia.id], createKey: clientId() });
    expect(mixed).toMatchObject({ status: "not_allowed", reason: "student_staff_only" });
    const group = await createGroup(tess, { title: "Trip", memberIds: [sam.id, kim.id], createKey: clientId() });
    if (group.status !== "ok") throw new Error(group.status);
    expect(await addToGroup(tess, group.conversationId, [nia.id])).toMatchObject({
      status: "not_allowed",
      names: ["Nia Neighbour"],
    });
    const api = await fetchApp(`/api/v2/conversation/${group.conversationId}/participants`, {
      method: "POST",
      headers: await bearer(tess.id),
      body: JSON.stringify({ userIds: [nia.id] }),
    });
    expect(api.status).toBe(403);
    expect(((await api.json()) as { error: { code: string; reason: string } }).error).toMatchObject({
      code: "not_allowed",
    });
    // A non-staff adult cannot start a group with a student either.
    const byNia = await createGroup(nia, { title: "Hi", memberIds: [sam.id], createKey: clientId() });
    expect(byNia).toMatchObject({ status: "not_allowed", reason: "student_staff_only" });
  });

  it("a student under 13 cannot post, comment or chat until a linked parent consents", async () => {
    const { tess, sam, pat, classId } = await classroom();
    expect(await markStudent(await actorOf(pat.id), sam.id, YEAR - 11)).toBe("ok");
    const teacherPost = await createPost(tess, classId, "Welcome to Room 12");
    if (!("id" in teacherPost)) throw new Error(teacherPost.status);
    expect(await createPost(sam, classId, "My first post")).toEqual({
      status: "not_allowed",
      reason: "consent_required",
    });
    expect(await addComment(sam, teacherPost.id, "Hi!")).toEqual({ refused: "consent_required" });
    expect(await send(sam, tess.id)).toEqual({ status: "not_allowed", reason: "consent_required" });
    // They still read their communities.
    const cookie = await signIn(sam.email, sam.password);
    const feed = await (await fetchApp("/newsfeed", { headers: { Cookie: cookie } })).text();
    expect(feed).toContain("Welcome to Room 12");
    // The web form for a post answers the refusal, not a 500.
    const form = await postForm("/content", { body: "Trying", communityId: String(classId) }, { cookie });
    expect(form.status).toBe(403);

    expect(await setConsent(await actorOf(tess.id), sam.id, true)).toBe("not_allowed");
    expect(await setConsent(await actorOf(pat.id), sam.id, true)).toBe("ok");
    expect(await createPost(sam, classId, "My first post")).toMatchObject({ status: "published" });
    expect(await addComment(sam, teacherPost.id, "Hi!")).toMatchObject({ id: expect.any(Number) });
    expect(await send(sam, tess.id)).toMatchObject({ status: "ok" });
  });
});

describe("a parent's student controls on /profile/family (no JavaScript)", { timeout: 90_000 }, () => {
  it("marks the child as a student, refuses a wrong birth year at the field, consents and turns classmates off", async () => {
    const pat = await createUser({ name: "Pia Parent" });
    const ivy = await createUser({ name: "Ivy Young" });
    await linkParent(pat.id, ivy.id);
    const cookie = await signIn(pat.email, pat.password);
    const page = async () => (await fetchApp("/profile/family", { headers: { Cookie: cookie } })).text();
    expect(await page()).toContain("This is a student&#x27;s account");

    const wrong = await postForm(
      "/profile/family",
      { intent: "student", childId: String(ivy.id), birthYear: "1890" },
      { cookie },
    );
    expect(wrong.status).toBe(200);
    expect(await wrong.text()).toContain("Enter the year your child was born (four digits).");

    const marked = await postForm(
      "/profile/family",
      { intent: "student", childId: String(ivy.id), birthYear: String(YEAR - 10) },
      { cookie },
    );
    expect(marked.status).toBe(302);
    const after = await page();
    expect(after).toContain(`A student&#x27;s account (born ${YEAR - 10}).`);
    expect(after).toContain("Under 13: your consent is needed before they can post or chat.");
    expect(await send(ivy, pat.id)).toEqual({ status: "not_allowed", reason: "consent_required" });

    expect((await postForm("/profile/family", { intent: "consent", childId: String(ivy.id) }, { cookie })).status).toBe(
      302,
    );
    expect(
      (await postForm("/profile/family", { intent: "peersOff", childId: String(ivy.id) }, { cookie })).status,
    ).toBe(302);
    const done = await page();
    expect(done).toContain("You gave consent: they can post and chat.");
    expect(done).toContain("Messages with other students are off.");
    expect(await send(ivy, pat.id)).toMatchObject({ status: "ok" });
  });
});

describe("registering as a student (issue 26 item 1)", { timeout: 60_000 }, () => {
  it("a birth year marks the new account as a student's; a wrong one is said at the field; empty is an adult", async () => {
    const wrongOne = newcomer("kid");
    const wrong = await postFrom(
      wrongOne.address,
      "/login/registeremail",
      registrationFields(wrongOne, { studentBirthYear: "12" }),
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Enter the year you were born (four digits)");

    const kid = newcomer("kid");
    const sent = await postFrom(
      kid.address,
      "/login/registeremail",
      registrationFields(kid, { studentBirthYear: String(YEAR - 12) }),
    );
    expect(sent.status).toBeLessThan(400);
    const adult = newcomer("adult");
    expect((await postFrom(adult.address, "/login/registeremail", registrationFields(adult))).status).toBeLessThan(400);
    const rows = await getDb().all<{ email: string; birth_year: number; consent_at: number | null }>(
      sql`SELECT u.email, sa.birth_year, sa.consent_at FROM student_accounts sa JOIN users u ON u.id = sa.user_id
        WHERE u.email IN (${kid.email}, ${adult.email})`,
    );
    expect(rows).toEqual([{ email: kid.email, birth_year: YEAR - 12, consent_at: null }]);
  });
});
