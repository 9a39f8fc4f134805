import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createPost } from "~/server/content/posts.server";
import { report } from "~/server/content/reports.server";
import { getDb, schema } from "~/server/db/db.server";
import { reportDirect } from "~/server/moderation/direct-reports.server";
import { moderateDirect } from "~/server/moderation/moderate-direct.server";
import { moderate } from "~/server/moderation/moderation.server";
import { listNotifications } from "~/server/notifications/notifications.server";
import { addComment } from "./comment-support";
import { addMember, cast } from "./communities-support";
import { fromOrigin } from "./friends-support";
import { createUser, fetchApp } from "./helpers";
import { bearer } from "./inbox-support";
import { pageAs, postAs, rudeChat, rudeMail, theOperator } from "./operator-support";

/** Issue 26 item 4's rest, decision 186: reports of messages and people, the operators' queue. */

const titles = async (userId: number) => (await listNotifications(userId)).data.map((n) => n.title);
const directReports = (type: "message" | "mail" | "user", id: number) =>
  getDb()
    .select()
    .from(schema.reports)
    .where(
      and(isNull(schema.reports.communityId), eq(schema.reports.targetType, type), eq(schema.reports.targetId, id)),
    );
const logOf = (type: string, id: number) =>
  getDb()
    .select()
    .from(schema.moderationLog)
    .where(and(eq(schema.moderationLog.targetType, type as "post"), eq(schema.moderationLog.targetId, id)));
const messageRow = async (id: number) =>
  (await getDb().select().from(schema.messages).where(eq(schema.messages.id, id)))[0];

describe("reporting a chat message, an inbox message or a person (issue 26 item 4)", { timeout: 60_000 }, () => {
  it("a participant reports a chat message through the report page; the queue shows it with its context", async () => {
    const operator = await theOperator();
    const { reader, author, conversationId, messageId } = await rudeChat();
    const form = await pageAs(reader, `/report?type=message&id=${messageId}&back=/chat/${conversationId}`);
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain("Report this message");
    expect(html).toContain("Nobody wants your cakes, loser");

    // The form posts back to its own address, query and all, so a refused report shows the page again.
    const empty = await postAs(reader, `/report?type=message&id=${messageId}`, {
      targetType: "message",
      targetId: String(messageId),
      reason: " ",
    });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please say what is wrong.");

    const sent = await postAs(reader, "/report", {
      targetType: "message",
      targetId: String(messageId),
      reason: "Name-calling",
      returnTo: `/chat/${conversationId}`,
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/chat/${conversationId}`);
    expect(await directReports("message", messageId)).toMatchObject([
      { reporterId: reader.id, reason: "Name-calling" },
    ]);

    const queue = await pageAs(operator, "/moderation");
    expect(queue.status).toBe(200);
    const text = await queue.text();
    expect(text).toContain("Reported message");
    expect(text).toContain("Nobody wants your cakes, loser");
    expect(text).toContain("Name-calling");
    // The context: what was said just before, by whom.
    expect(text).toContain("Why do you even ask");
    expect(text).toContain("Is the bake sale on Friday?");
    expect(text).toContain(author.name);
  });

  it("refuses what the reporter cannot see: someone else's chat, their own message, a mail not sent to them", async () => {
    const { author, messageId } = await rudeChat();
    const stranger = await createUser();
    expect(await reportDirect(stranger, { type: "message", id: messageId }, "x")).toBe(false);
    expect(await reportDirect(author, { type: "message", id: messageId }, "x")).toBe(false);
    expect((await pageAs(stranger, `/report?type=message&id=${messageId}`)).status).toBe(404);
    const forged = await postAs(stranger, "/report", {
      targetType: "message",
      targetId: String(messageId),
      reason: "x",
    });
    expect(forged.status).toBe(404);
    const { mailId } = await rudeMail();
    expect(await reportDirect(stranger, { type: "mail", id: mailId }, "x")).toBe(false);
    expect(await reportDirect(stranger, { type: "user", id: stranger.id }, "x")).toBe(false);
    expect(await directReports("message", messageId)).toHaveLength(0);
    expect(await directReports("mail", mailId)).toHaveLength(0);
  });

  it("the API takes reports of messages, mail and people (201), and 404s what the caller cannot see", async () => {
    const { reader, author, messageId } = await rudeChat();
    const post = (body: unknown) =>
      bearer(reader.id).then((auth) =>
        fetchApp("/api/v1/reports", {
          method: "POST",
          headers: { ...auth, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
    expect((await post({ targetType: "message", targetId: messageId, reason: "Rude" })).status).toBe(201);
    expect((await post({ targetType: "user", targetId: author.id, reason: "Keeps insulting me" })).status).toBe(201);
    expect((await post({ targetType: "user", targetId: reader.id, reason: "Me" })).status).toBe(404);
    expect((await post({ targetType: "message", targetId: messageId, reason: "" })).status).toBe(400);
    expect(await directReports("user", author.id)).toHaveLength(1);
  });
});

describe("the operators' queue (issue 26 item 4, decision 186)", { timeout: 60_000 }, () => {
  it("a member cannot open it or act from it; a community manager cannot either", async () => {
    const { reader, messageId } = await rudeChat();
    await reportDirect(reader, { type: "message", id: messageId }, "Rude");
    const { owner } = await cast();
    for (const person of [reader, owner]) {
      expect((await pageAs(person, "/moderation")).status).toBe(403);
      const forged = await postAs(person, "/moderation", {
        action: "remove",
        targetType: "message",
        targetId: String(messageId),
      });
      expect(forged.status).toBe(403);
      expect(
        (await moderateDirect(person, { target: { type: "message", id: messageId }, action: "remove", note: "" }))
          .status,
      ).toBe("not_found");
    }
    expect((await messageRow(messageId))?.content).toBe("Nobody wants your cakes, loser");
    expect(await directReports("message", messageId)).toHaveLength(1);
    expect(await logOf("message", messageId)).toHaveLength(0);
  });

  it("warns a message's author with the note; the reporter is told; the audit log keeps it; it acts once", async () => {
    const operator = await theOperator();
    const { reader, author, messageId, conversationId } = await rudeChat();
    await reportDirect(reader, { type: "message", id: messageId }, "Name-calling");
    const warned = await fromOrigin(() =>
      postAs(operator, "/moderation", {
        action: "warn",
        targetType: "message",
        targetId: String(messageId),
        note: "Be kind",
      }),
    );
    expect(warned.status).toBe(302);
    expect(await titles(author.id)).toContain("A moderator warned you about your message: Be kind");
    expect(await titles(reader.id)).toContain(
      "A moderator reviewed the message you reported and warned its author. Thank you for reporting it.",
    );
    const told = (await listNotifications(reader.id)).data[0];
    expect(told?.url).toContain(`/chat/${conversationId}`);
    expect((await messageRow(messageId))?.content).toBe("Nobody wants your cakes, loser");
    expect(await directReports("message", messageId)).toHaveLength(0);
    expect(await logOf("message", messageId)).toMatchObject([
      {
        actorId: operator.id,
        action: "warn",
        subjectId: author.id,
        excerpt: "Nobody wants your cakes, loser",
        reportCount: 1,
        note: "Be kind",
        communityId: null,
      },
    ]);
    expect(
      (await moderateDirect(operator, { target: { type: "message", id: messageId }, action: "remove", note: "" }))
        .status,
    ).toBe("not_found");

    const log = await (await pageAs(operator, "/moderation")).text();
    expect(log).toContain("Opal Operator: Warn the author — Reported message");
    expect(log).toContain("Note: Be kind");
  });

  it("removes a chat message for everyone; the reporter is told", async () => {
    const operator = await theOperator();
    const { reader, author, messageId, conversationId } = await rudeChat();
    await reportDirect(reader, { type: "message", id: messageId }, "Insult");
    expect(
      (await moderateDirect(operator, { target: { type: "message", id: messageId }, action: "remove", note: "" }))
        .status,
    ).toBe("ok");
    expect(await messageRow(messageId)).toMatchObject({ content: "", disposition: 3 });
    expect(await titles(reader.id)).toContain(
      "A moderator reviewed the message you reported and removed it. Thank you for reporting it.",
    );
    const chat = await (await pageAs(author, `/chat/${conversationId}`)).text();
    expect(chat).toContain("Why do you even ask");
    expect(chat).not.toContain("Nobody wants your cakes");
    expect(await logOf("message", messageId)).toMatchObject([
      { action: "remove", excerpt: "Nobody wants your cakes, loser" },
    ]);
  });

  it("dismisses a report of a message: nothing changes but the reporter is told", async () => {
    const operator = await theOperator();
    const { reader, messageId } = await rudeChat();
    await reportDirect(reader, { type: "message", id: messageId }, "Meh");
    expect(
      (await moderateDirect(operator, { target: { type: "message", id: messageId }, action: "dismiss", note: "" }))
        .status,
    ).toBe("ok");
    expect((await messageRow(messageId))?.disposition).toBe(0);
    expect(await titles(reader.id)).toContain(
      "A moderator reviewed the message you reported and left it up. Thank you for reporting it.",
    );
    expect(await logOf("message", messageId)).toMatchObject([{ action: "dismiss" }]);
  });

  it("removes an inbox message from every copy; the reporter is told; warns its sender", async () => {
    const operator = await theOperator();
    const first = await rudeMail();
    // "Report" under a received message, not under one's own.
    const thread = await (await pageAs(first.reader, `/messagesold/${first.mailId}`)).text();
    expect(thread).toContain(`/report?type=mail&amp;id=${first.mailId}`);
    const own = await (await pageAs(first.author, `/messagesold/${first.mailId}`)).text();
    expect(own).not.toContain("/report?type=mail");
    expect(await reportDirect(first.reader, { type: "mail", id: first.mailId }, "Threat")).toBe(true);
    const queue = await (await pageAs(operator, "/moderation")).text();
    expect(queue).toContain("Reported inbox message");
    expect(queue).toContain("Keep your kid away from mine or else");
    expect(
      (await moderateDirect(operator, { target: { type: "mail", id: first.mailId }, action: "remove", note: "" }))
        .status,
    ).toBe("ok");
    const copies = await getDb()
      .select()
      .from(schema.mailRecipients)
      .where(eq(schema.mailRecipients.messageId, first.mailId));
    expect(copies.every((copy) => copy.deletedAt !== null)).toBe(true);
    const [mail] = await getDb().select().from(schema.mailMessages).where(eq(schema.mailMessages.id, first.mailId));
    expect(mail?.senderDeletedAt).not.toBeNull();
    expect((await pageAs(first.reader, `/messagesold/${first.mailId}`)).status).toBe(404);
    expect(await titles(first.reader.id)).toContain(
      "A moderator reviewed the message you reported and removed it. Thank you for reporting it.",
    );
    expect(await logOf("mail", first.mailId)).toMatchObject([{ action: "remove", subjectId: first.author.id }]);

    const second = await rudeMail();
    await reportDirect(second.reader, { type: "mail", id: second.mailId }, "Threat");
    expect(
      (await moderateDirect(operator, { target: { type: "mail", id: second.mailId }, action: "warn", note: "" }))
        .status,
    ).toBe("ok");
    expect(await titles(second.author.id)).toContain("A moderator warned you about your message.");
  });

  it("a reported person: warned (with the note) or dismissed, the reporter told each time; no bans or removals", async () => {
    const operator = await theOperator();
    const { reader, author } = await rudeChat();
    const other = await createUser();
    const profile = await (await pageAs(reader, `/users/${author.id}`)).text();
    expect(profile).toContain(`/report?type=user&amp;id=${author.id}`);
    expect(
      (await postAs(reader, "/report", { targetType: "user", targetId: String(author.id), reason: "Bullies my kid" }))
        .status,
    ).toBe(302);
    expect(await reportDirect(other, { type: "user", id: author.id }, "Spams everyone")).toBe(true);
    const queue = await (await pageAs(operator, "/moderation")).text();
    expect(queue).toContain("Reported person");
    expect(queue).toContain("Bullies my kid");
    expect(queue).toContain("Spams everyone");
    const target = { type: "user" as const, id: author.id };
    expect((await moderateDirect(operator, { target, action: "ban", note: "" })).status).toBe("not_allowed");
    expect((await moderateDirect(operator, { target, action: "remove", note: "" })).status).toBe("not_allowed");
    expect((await moderateDirect(operator, { target, action: "warn", note: "Last warning" })).status).toBe("ok");
    expect(await titles(author.id)).toContain(
      "A moderator warned you about how you treat others on SchoolHub: Last warning",
    );
    for (const person of [reader, other]) {
      expect(await titles(person.id)).toContain(
        "A moderator reviewed your report about a person and warned them. Thank you for reporting it.",
      );
    }
    expect(await logOf("user", author.id)).toMatchObject([
      { action: "warn", reportCount: 2, subjectId: author.id, excerpt: author.name },
    ]);

    await reportDirect(reader, target, "Again");
    expect((await moderateDirect(operator, { target, action: "dismiss", note: "" })).status).toBe("ok");
    expect(await titles(reader.id)).toContain(
      "A moderator reviewed your report about a person and took no action. Thank you for reporting it.",
    );
  });

  it("the operator reads every community's audit log entries; an owner still reads only their own community's", async () => {
    const operator = await theOperator();
    const { owner, member, community } = await cast();
    const manager = await createUser({ name: "Mona Manager" });
    await addMember(community.id, manager.id, "manager");
    const post = await createPost(owner, community.id, "Bake sale on Friday");
    if (!("id" in post)) throw new Error(post.status);
    const comment = await addComment(member, post.id, "This spam comment should go");
    if (!comment) throw new Error("no comment");
    await report(owner, { type: "comment", id: comment.id }, "Spam");
    expect(
      (
        await moderate(manager, {
          communityId: community.id,
          targetType: "comment",
          targetId: comment.id,
          action: "remove",
          note: "",
        })
      ).status,
    ).toBe("ok");
    const { reader, messageId } = await rudeChat();
    await reportDirect(reader, { type: "message", id: messageId }, "Rude");
    await moderateDirect(operator, { target: { type: "message", id: messageId }, action: "dismiss", note: "" });

    const all = await (await pageAs(operator, "/moderation")).text();
    expect(all).toContain("Mona Manager: Remove — Reported comment");
    const [named] = await getDb().select().from(schema.communities).where(eq(schema.communities.id, community.id));
    expect(all).toContain(`In ${named?.name}`);
    expect(all).toContain("Opal Operator: Dismiss — Reported message");
    const own = await (await pageAs(owner, `/communities/${community.id}/manage/reports`)).text();
    expect(own).toContain("Mona Manager: Remove — Reported comment");
    expect(own).not.toContain("Reported message");
  });

  it("each page and each decision costs one D1 round trip (decision 040)", async () => {
    const operator = await theOperator();
    const { reader, messageId, conversationId } = await rudeChat();
    const trips = (response: Response) => Number(response.headers.get("X-D1-Round-Trips"));
    const form = await pageAs(reader, `/report?type=message&id=${messageId}&back=/chat/${conversationId}`);
    expect([form.status, trips(form)]).toEqual([200, 1]);
    const sent = await postAs(reader, "/report", {
      targetType: "message",
      targetId: String(messageId),
      reason: "Rude",
    });
    expect([sent.status, trips(sent)]).toEqual([302, 1]);
    const queue = await pageAs(operator, "/moderation");
    expect([queue.status, trips(queue)]).toEqual([200, 1]);
    const acted = await postAs(operator, "/moderation", {
      action: "dismiss",
      targetType: "message",
      targetId: String(messageId),
    });
    expect([acted.status, trips(acted)]).toEqual([302, 1]);
  });
});
