import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createGroup, sendMessage } from "~/server/chat/chat.server";
import { getDb, schema } from "~/server/db/db.server";
import { markStudent } from "~/server/families/students.server";
import { clientId } from "./chat-support";
import { actorOf, addMember, makeCommunity } from "./communities-support";
import { createUser, fetchApp, postForm, signIn } from "./helpers";
import { bearer, linkParent } from "./students-support";

/** Issue 26 item 2: a linked parent reads, and never writes in, their child's conversations with staff (decision 185). */

const YEAR = new Date().getUTCFullYear();
const NOTICE = "Conversations with students are visible to their parents";
const READ_ONLY = "You can read this conversation because you are a parent of the student in it.";

type User = Awaited<ReturnType<typeof createUser>>;

async function say(from: User, to: { toUserId: number } | { conversationId: number }, content: string) {
  const sent = await sendMessage(from, to, { content, clientMsgId: clientId() });
  if (sent.status !== "ok") throw new Error(sent.status);
  return sent.message.conversationId;
}

/**
 * Room 12: Tess teaches it; Sam and Kim are its students (15); Pat is Sam's linked parent (not a
 * member), Dan is Kim's; Nia is an adult member. Sam and Tess talk; Sam and Kim talk; Tess has a
 * group with both students; Nia and Tess (two adults) talk.
 */
async function room() {
  const tess = await createUser({ name: "Tess Teacher" });
  const sam = await createUser({ name: "Sam Student" });
  const kim = await createUser({ name: "Kim Classmate" });
  const nia = await createUser({ name: "Nia Neighbour" });
  const pat = await createUser({ name: "Pat Parent" });
  const dan = await createUser({ name: "Dan Dad" });
  const { id: classId } = await makeCommunity(tess.id, { name: "Room 12" });
  for (const user of [sam, kim, nia]) await addMember(classId, user.id);
  await linkParent(pat.id, sam.id);
  await linkParent(dan.id, kim.id);
  expect(await markStudent(await actorOf(pat.id), sam.id, YEAR - 15)).toBe("ok");
  expect(await markStudent(await actorOf(tess.id), kim.id, YEAR - 15)).toBe("ok");
  const staffChat = await say(tess, { toUserId: sam.id }, "Sam, your essay is due Friday");
  await say(sam, { conversationId: staffChat }, "Thank you, Ms Teacher");
  const peerChat = await say(kim, { toUserId: sam.id }, "Lunch today?");
  const group = await createGroup(tess, { title: "Trip", memberIds: [sam.id, kim.id], createKey: clientId() });
  if (group.status !== "ok") throw new Error(group.status);
  await say(tess, { conversationId: group.conversationId }, "Bring a coat");
  const adultChat = await say(nia, { toUserId: tess.id }, "Coffee after school?");
  return { tess, sam, kim, nia, pat, dan, staffChat, peerChat, groupChat: group.conversationId, adultChat };
}

const page = async (path: string, cookie: string) => fetchApp(path, { headers: { Cookie: cookie } });

describe("a parent reads their child's conversations with staff (issue 26 item 2)", { timeout: 90_000 }, () => {
  it("lists the staff conversations on /profile/family and opens them read-only, with the notice", async () => {
    const { pat, staffChat, peerChat, groupChat } = await room();
    const cookie = await signIn(pat.email, pat.password);
    const family = await (await page("/profile/family", cookie)).text();
    expect(family).toContain("Conversations with staff");
    expect(family).toContain(`href="/chat/${staffChat}"`);
    expect(family).toContain("With Tess Teacher");
    // A classmate's chat and a group with another student are not the parent's to read.
    expect(family).not.toContain(`href="/chat/${peerChat}"`);
    expect(family).not.toContain(`href="/chat/${groupChat}"`);

    const opened = await page(`/chat/${staffChat}`, cookie);
    expect(opened.status).toBe(200);
    const html = await opened.text();
    expect(html).toContain("Sam, your essay is due Friday");
    expect(html).toContain("Thank you, Ms Teacher");
    expect(html).toContain(NOTICE);
    expect(html).toContain(READ_ONLY);
    // No composer, and the way back leads to Family.
    expect(html).not.toContain('name="content"');
    expect(html).toContain('href="/profile/family"');
    // The API reads the same conversation.
    const api = await fetchApp(`/api/v2/conversation/${staffChat}/messages`, { headers: await bearer(pat.id) });
    expect(api.status).toBe(200);
    const { data } = (await api.json()) as { data: { content: string }[] };
    expect(data.map((message) => message.content)).toEqual(["Sam, your essay is due Friday", "Thank you, Ms Teacher"]);
    // Reading as a parent neither joins the conversation nor marks anything.
    const rows = await getDb().all<{ user_id: number }>(
      sql`SELECT user_id FROM conversation_participants WHERE conversation_id = ${staffChat} AND user_id = ${pat.id}`,
    );
    expect(rows).toEqual([]);
    for (const id of [peerChat, groupChat]) expect((await page(`/chat/${id}`, cookie)).status).toBe(404);
  });

  it("refuses the parent's writes with 403 not_allowed: service, web form and API", async () => {
    const { pat, staffChat } = await room();
    expect(await sendMessage(pat, { conversationId: staffChat }, { content: "Hi", clientMsgId: clientId() })).toEqual({
      status: "not_allowed",
      reason: "parent_read_only",
    });
    const cookie = await signIn(pat.email, pat.password);
    const form = await postForm(
      `/chat/${staffChat}`,
      { intent: "send", content: "Let me add something", clientMsgId: clientId() },
      { cookie },
    );
    expect(form.status).toBe(403);
    expect(await form.text()).toContain("chat:refusals.parent_read_only");
    const api = await fetchApp(`/api/v2/conversation/${staffChat}/messages`, {
      method: "POST",
      headers: await bearer(pat.id),
      body: JSON.stringify({ content: "Via the app", clientMsgId: clientId() }),
    });
    expect(api.status).toBe(403);
    expect(((await api.json()) as { error: { code: string; reason: string } }).error).toMatchObject({
      code: "not_allowed",
      reason: "parent_read_only",
    });
    const written = await getDb().all(
      sql`SELECT id FROM messages WHERE conversation_id = ${staffChat} AND sender_id = ${pat.id}`,
    );
    expect(written).toEqual([]);
  });

  it("a non-linked adult, another student's parent and an unconfirmed parent read nothing (404)", async () => {
    const { sam, nia, dan, staffChat } = await room();
    const pending = await createUser({ name: "Pam Pending" });
    await getDb()
      .insert(schema.familyLinks)
      .values({ parentId: pending.id, childId: sam.id, state: "pending", code: "TEST-CODE" });
    for (const outsider of [nia, dan, pending]) {
      const cookie = await signIn(outsider.email, outsider.password);
      expect((await page(`/chat/${staffChat}`, cookie)).status).toBe(404);
      const api = await fetchApp(`/api/v2/conversation/${staffChat}/messages`, { headers: await bearer(outsider.id) });
      expect(api.status).toBe(404);
      const write = await fetchApp(`/api/v2/conversation/${staffChat}/messages`, {
        method: "POST",
        headers: await bearer(outsider.id),
        body: JSON.stringify({ content: "Hello?", clientMsgId: clientId() }),
      });
      expect(write.status).toBe(404);
      expect(await (await page("/profile/family", cookie)).text()).not.toContain(`href="/chat/${staffChat}"`);
    }
  });

  it("the participants see the notice; two adults' chat and a classmates' chat do not", async () => {
    const { tess, sam, kim, nia, staffChat, peerChat, adultChat } = await room();
    const teacher = await signIn(tess.email, tess.password);
    const student = await signIn(sam.email, sam.password);
    expect(await (await page(`/chat/${staffChat}`, teacher)).text()).toContain(NOTICE);
    const studentView = await (await page(`/chat/${staffChat}`, student)).text();
    expect(studentView).toContain(NOTICE);
    // The participants keep their composer.
    expect(studentView).toContain('name="content"');
    expect(await (await page(`/chat/${adultChat}`, teacher)).text()).not.toContain(NOTICE);
    expect(await (await page(`/chat/${peerChat}`, student)).text()).not.toContain(NOTICE);
    // Before the first message, a teacher opening a chat with a student is told too.
    expect(await (await page(`/chat/~${kim.id}`, teacher)).text()).toContain(NOTICE);
    expect(await (await page(`/chat/~${nia.id}`, teacher)).text()).not.toContain(NOTICE);
  });
});
