import { describe, expect, it } from "vitest";
import { parseFrame } from "~/realtime/protocol";
import {
  addToGroup,
  createGroup,
  leaveGroup,
  listConversations,
  loadCandidates,
  loadConversation,
  renameGroup,
  sendMessage,
} from "~/server/chat/chat.server";
import { getDb, schema } from "~/server/db/db.server";
import type { Actor } from "~/server/users/session-user.server";
import { clientId, groupCircle, shareCommunity } from "./chat-support";
import { makeFriends } from "./friends-support";
import { createUser, signIn } from "./helpers";
import { connect } from "./realtime-support";

async function group(creator: Actor, members: number[], title = "Trip helpers") {
  const result = await createGroup(creator, { title, memberIds: members, createKey: clientId() });
  if (result.status !== "ok") throw new Error(result.status);
  return result.conversationId;
}

describe("chat groups: creating (decision 060)", { timeout: 30_000 }, () => {
  it("creates a named group of people the creator may message; every member lists it by name", async () => {
    const { ana, ben, cy } = await groupCircle();
    const id = await group(ana, [ben.id, cy.id]);
    for (const member of [ana, ben, cy]) {
      const listed = (await listConversations(member.id)).find((c) => c.id === id);
      expect(listed).toMatchObject({ type: 1, title: "Trip helpers", unread: 0 });
      expect(listed?.participants).toHaveLength(2);
    }
    const view = await loadConversation(ben.id, id);
    expect(view?.members.map((m) => m.userId).sort()).toEqual([ana.id, ben.id, cy.id].sort());
    expect(view?.mayWrite).toBe(true);
    const sent = await sendMessage(cy, { conversationId: id }, { content: "Hi all", clientMsgId: clientId() });
    expect(sent.status).toBe("ok");
  });

  it("refuses the whole group when one chosen person may not be messaged, and names them", async () => {
    const { ana, ben, dee } = await groupCircle();
    const result = await createGroup(ana, { title: "Nope", memberIds: [ben.id, dee.id], createKey: clientId() });
    expect(result).toEqual({ status: "not_allowed", names: ["Dee Stranger"], reason: "not_a_contact" });
    expect((await listConversations(ben.id)).some((c) => c.title === "Nope")).toBe(false);
    const deleted = await createUser({ name: "Gone", deletedAt: Date.now() });
    await makeFriends(ana.id, deleted.id);
    expect((await createGroup(ana, { title: "Nope", memberIds: [deleted.id], createKey: clientId() })).status).toBe(
      "not_allowed",
    );
  });

  it("creates one group per createKey, even when the form is sent twice at once", async () => {
    const { ana, ben } = await groupCircle();
    const createKey = clientId();
    // The same millisecond for every send: workerd's clock only moves on I/O, so concurrent sends share one.
    const now = Date.now();
    const results = await Promise.all(
      [1, 2, 3].map(() => createGroup(ana, { title: "Once", memberIds: [ben.id], createKey }, now)),
    );
    const ids = new Set(results.map((r) => (r.status === "ok" ? r.conversationId : r.status)));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.status === "ok" && r.created)).toHaveLength(1);
  });

  it("offers only people the viewer may message, by name or username", async () => {
    const { ana, ben, cy, dee } = await groupCircle();
    const all = await loadCandidates(ana.id, {});
    const ids = all.found.map((p) => p.userId);
    expect(ids).toEqual(expect.arrayContaining([ben.id, cy.id]));
    expect(ids).not.toContain(dee.id);
    expect(ids).not.toContain(ana.id);
    const byName = await loadCandidates(ana.id, { q: "teammate", selected: [ben.id] });
    expect(byName.found.map((p) => p.userId)).toEqual([cy.id]);
    expect(byName.selected.map((p) => p.userId)).toEqual([ben.id]);
    const byUsername = await loadCandidates(ana.id, { q: `@${ben.username}` });
    expect(byUsername.found.map((p) => p.userId)).toEqual([ben.id]);
  });
});

describe("chat groups: renaming, adding, leaving (decision 060)", { timeout: 30_000 }, () => {
  it("lets any member rename; outsiders and direct chats are not found", async () => {
    const { ana, ben, dee } = await groupCircle();
    const id = await group(ana, [ben.id]);
    expect((await renameGroup(ben, id, "Museum trip")).status).toBe("ok");
    expect((await loadConversation(ana.id, id))?.title).toBe("Museum trip");
    expect(await renameGroup(dee, id, "Mine")).toEqual({ status: "not_found" });
    const direct = await sendMessage(ana, { toUserId: ben.id }, { content: "Hi", clientMsgId: clientId() });
    if (direct.status !== "ok") throw new Error(direct.status);
    expect(await renameGroup(ana, direct.message.conversationId, "Us")).toEqual({ status: "not_found" });
  });

  it("adds people the adder may message (all or none); the newcomer reads the group", async () => {
    const { ana, ben, cy, dee } = await groupCircle();
    const id = await group(ana, [ben.id]);
    // Ben may not message Cy or Dee: he cannot add them.
    expect(await addToGroup(ben, id, [cy.id])).toEqual({
      status: "not_allowed",
      names: ["Cy Teammate"],
      reason: "not_a_contact",
    });
    expect(await addToGroup(ana, id, [cy.id, dee.id])).toEqual({
      status: "not_allowed",
      names: ["Dee Stranger"],
      reason: "not_a_contact",
    });
    expect(await loadConversation(cy.id, id)).toBeNull();
    expect(await addToGroup(dee, id, [cy.id])).toEqual({ status: "not_found" });
    const added = await addToGroup(ana, id, [cy.id, ben.id]);
    expect(added).toMatchObject({ status: "ok", added: [cy.id] });
    expect((await loadConversation(cy.id, id))?.members).toHaveLength(3);
  });

  it("stops at 50 members", async () => {
    const ana = await createUser();
    const community = await shareCommunity(ana.id);
    // Fifty people without passwords: nobody signs in, and hashing fifty would be slow.
    const unique = Date.now().toString(36);
    // In tens: D1 takes at most 100 bound parameters per statement.
    const people = (
      await Promise.all(
        [0, 1, 2, 3, 4].map((chunk) =>
          getDb()
            .insert(schema.users)
            .values(
              Array.from({ length: 10 }, (_, i) => ({
                email: `many-${unique}-${chunk * 10 + i}@example.test`,
                name: `Many ${chunk * 10 + i}`,
                activatedAt: Date.now(),
              })),
            )
            .returning(),
        ),
      )
    ).flat();
    for (let start = 0; start < people.length; start += 20) {
      await getDb()
        .insert(schema.communityMembers)
        .values(
          people.slice(start, start + 20).map((p) => ({
            communityId: community,
            userId: p.id,
            role: "member" as const,
            status: "active" as const,
          })),
        );
    }
    const id = await group(
      ana,
      people.slice(0, 49).map((p) => p.id),
    );
    expect(await addToGroup(ana, id, [people[49]!.id])).toEqual({ status: "too_many" });
  });

  it("a member who leaves no longer reads, writes or receives it; the last one out deletes it", async () => {
    const { ana, ben } = await groupCircle();
    const id = await group(ana, [ben.id]);
    expect((await leaveGroup(ben, id)).status).toBe("ok");
    expect(await loadConversation(ben.id, id)).toBeNull();
    expect((await sendMessage(ben, { conversationId: id }, { content: "Back?", clientMsgId: clientId() })).status).toBe(
      "not_found",
    );
    expect(await leaveGroup(ben, id)).toEqual({ status: "not_found" });
    expect((await listConversations(ben.id)).some((c) => c.id === id)).toBe(false);

    const benTab = await connect("/realtime", { Cookie: await signIn(ben.email, ben.password) });
    await sendMessage(ana, { conversationId: id }, { content: "After Ben", clientMsgId: clientId() });
    expect(await benTab.silentFor(300)).toBe(true);
    benTab.socket.close(1000);

    expect((await leaveGroup(ana, id)).status).toBe("ok");
    const rows = await getDb().select().from(schema.conversations);
    expect(rows.some((c) => c.id === id)).toBe(false);
  });

  it("cannot leave a direct chat", async () => {
    const { ana, ben } = await groupCircle();
    const direct = await sendMessage(ana, { toUserId: ben.id }, { content: "Hi", clientMsgId: clientId() });
    if (direct.status !== "ok") throw new Error(direct.status);
    expect(await leaveGroup(ana, direct.message.conversationId)).toEqual({ status: "not_found" });
  });

  it("tells every member's open tabs when the group changes", async () => {
    const { ana, ben, cy } = await groupCircle();
    const id = await group(ana, [ben.id]);
    const benTab = await connect("/realtime", { Cookie: await signIn(ben.email, ben.password) });
    await renameGroup(ana, id, "Renamed");
    expect(parseFrame(await benTab.next())).toEqual({
      messageType: "conversationChanged",
      data: { conversationId: id },
    });
    await addToGroup(ana, id, [cy.id]);
    expect(parseFrame(await benTab.next())).toEqual({
      messageType: "conversationChanged",
      data: { conversationId: id },
    });
    benTab.socket.close(1000);
  });
});
