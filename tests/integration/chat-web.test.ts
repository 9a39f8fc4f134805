import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sendMessage } from "~/server/chat/chat.server";
import { getDb, schema } from "~/server/db/db.server";
import { clientId, twoFriends } from "./chat-support";
import { createUser, fetchApp, postForm, signIn } from "./helpers";

// Page renders and password sign-ins are slow on a shared machine: a generous per-test limit.
describe("chat pages without JavaScript (SPEC §2, decision 050)", { timeout: 30_000 }, () => {
  it("starts a direct chat from /chat/@username with a form post, then shows it (PRG)", async () => {
    const { a, b } = await twoFriends();
    const cookie = await signIn(a.email, a.password);
    const page = await (await fetchApp(`/chat/@${b.username}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain(`Say hello to ${b.name}.`);
    const clientMsgId = /name="clientMsgId" value="([^"]+)"/.exec(page)?.[1];
    expect(clientMsgId).toBeTruthy();
    const fields = {
      intent: "send",
      content: "  Hello Ben\nsee https://example.org/trip  ",
      clientMsgId: clientMsgId!,
      to: String(b.id),
    };
    const sent = await postForm(`/chat/@${b.username}`, fields, { cookie });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/chat/@${b.username}`);
    // The same form again (a double submit, a back-and-resubmit) sends nothing new.
    expect((await postForm(`/chat/@${b.username}`, fields, { cookie })).status).toBe(302);

    const after = await (await fetchApp(`/chat/@${b.username}`, { headers: { Cookie: cookie } })).text();
    expect(after.match(/class="chat-message chat-own"/g)).toHaveLength(1);
    expect(after).toContain(
      '<a href="https://example.org/trip" rel="noopener noreferrer nofollow ugc" target="_blank">',
    );

    const list = await (await fetchApp("/chat", { headers: { Cookie: await signIn(b.email, b.password) } })).text();
    // The list's link opens the conversation at its first unread message.
    expect(list).toContain(`href="/chat/@${a.username}#unread"`);
    // The count is part of the link's name, not a live region of its own (decision 236).
    expect(list).toContain(
      '<span class="badge chat-badge" aria-hidden="true">1</span><span class="visually-hidden">1 unread message</span>',
    );
    expect(list).not.toMatch(/class="badge chat-badge" role="status"/);
  });

  it("re-renders the form with an error for an empty or too long message", async () => {
    const { a, b } = await twoFriends();
    const cookie = await signIn(a.email, a.password);
    const empty = await postForm(
      `/chat/@${b.username}`,
      { intent: "send", content: "   ", clientMsgId: clientId(), to: String(b.id) },
      { cookie },
    );
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Write a message first.");
    const long = await postForm(
      `/chat/@${b.username}`,
      { intent: "send", content: "x".repeat(4001), clientMsgId: clientId(), to: String(b.id) },
      { cookie },
    );
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("at most 4,000 characters");
  });

  it("refuses a stranger with a clear message and no form", async () => {
    const a = await createUser();
    const stranger = await createUser();
    const cookie = await signIn(a.email, a.password);
    const page = await (await fetchApp(`/chat/@${stranger.username}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("so you cannot message them");
    expect(page).not.toContain('name="content"');
    const refused = await postForm(
      `/chat/@${stranger.username}`,
      { intent: "send", content: "Hi", clientMsgId: clientId(), to: String(stranger.id) },
      { cookie },
    );
    expect(refused.status).toBe(403);
  });

  it("answers 404 to a non-participant on every chat page and call", async () => {
    const { a, b } = await twoFriends();
    const sent = await sendMessage(a, { toUserId: b.id }, { content: "Private", clientMsgId: clientId() });
    if (sent.status !== "ok") throw new Error(sent.status);
    const id = sent.message.conversationId;
    const outsider = await createUser();
    const cookie = await signIn(outsider.email, outsider.password);
    expect((await fetchApp(`/chat/${id}`, { headers: { Cookie: cookie } })).status).toBe(404);
    expect((await fetchApp(`/chat/${id}/messages`, { headers: { Cookie: cookie } })).status).toBe(404);
    expect((await postForm(`/chat/${id}/messages`, { content: "x", clientMsgId: clientId() }, { cookie })).status).toBe(
      404,
    );
    expect((await postForm(`/chat/${id}/read`, {}, { cookie })).status).toBe(404);
    expect(
      (await postForm(`/chat/${id}`, { intent: "send", content: "x", clientMsgId: clientId() }, { cookie })).status,
    ).toBe(404);
    expect((await fetchApp("/chat/abc", { headers: { Cookie: cookie } })).status).toBe(404);
    expect((await fetchApp("/chat/@nobody-here", { headers: { Cookie: cookie } })).status).toBe(404);
  });

  it("sends through /chat/{id}/messages for the page's JavaScript, idempotent by clientMsgId", async () => {
    const { a, b } = await twoFriends();
    const sent = await sendMessage(a, { toUserId: b.id }, { content: "Hi", clientMsgId: clientId() });
    if (sent.status !== "ok") throw new Error(sent.status);
    const id = sent.message.conversationId;
    const cookie = await signIn(b.email, b.password);
    const clientMsgId = clientId();
    const first = await postForm(`/chat/${id}/messages`, { content: "Hey", clientMsgId }, { cookie });
    expect(first.status).toBe(201);
    const again = await postForm(`/chat/${id}/messages`, { content: "Hey", clientMsgId }, { cookie });
    expect(again.status).toBe(200);
    const [x, y] = [
      (await first.json()) as { message: { id: number } },
      (await again.json()) as { message: { id: number } },
    ];
    expect(x.message.id).toBe(y.message.id);
    const listed = (await (await fetchApp(`/chat/${id}/messages`, { headers: { Cookie: cookie } })).json()) as {
      messages: { content: string }[];
    };
    expect(listed.messages.map((m) => m.content)).toEqual(["Hi", "Hey"]);
  });

  it("sends per message and per listed conversation only what the page shows (decision 216)", async () => {
    const { a, b } = await twoFriends();
    const sent = await sendMessage(
      b,
      { toUserId: a.id },
      { content: "Bring the form\nhttps://example.org/trip then lunch", clientMsgId: clientId() },
    );
    if (sent.status !== "ok") throw new Error(sent.status);
    const { id, conversationId } = sent.message;
    const cookie = await signIn(a.email, a.password);
    const html = await (await fetchApp(`/chat/${conversationId}`, { headers: { Cookie: cookie } })).text();
    // The text is bare text beside its link; the sender's name is text before the time.
    expect(html).toContain(
      '<p class="chat-text">Bring the form\n<a href="https://example.org/trip" rel="noopener noreferrer nofollow ugc" target="_blank">https://example.org/trip</a> then lunch</p>',
    );
    expect(html).toContain(`<p class="chat-meta hint">${b.name} <time dateTime=`);
    // Report: the icon is the link's ::before, the link is named.
    expect(html).toContain(`<a class="chat-report with-icon i-flag" href="/report?type=message&amp;id=${id}&amp;`);

    // The page's data: the message without its conversation or disposition (the page's own).
    const page = await (
      await fetchApp(`/chat/${conversationId}.data?_routes=routes/chat/conversation`, { headers: { Cookie: cookie } })
    ).text();
    expect(page).toContain('"Bring the form\\nhttps://example.org/trip then lunch"');
    expect(page).not.toContain('"conversationId"');
    expect(page).not.toContain('"disposition"');

    // The list's data: names, avatars, the last message's text and time; no ids or usernames.
    const list = await (
      await fetchApp("/chat.data?_routes=routes/chat/layout", { headers: { Cookie: cookie } })
    ).text();
    expect(list).toContain(`"${b.name}"`);
    expect(list).toContain(`"/chat/@${b.username}"`);
    for (const key of ["username", "userId", "senderId", "updatedAt"]) expect(list).not.toContain(`"${key}"`);
  });

  it("shows a sender's avatar and name once a run, each message still named for screen readers (decision 229)", async () => {
    const { a, b } = await twoFriends();
    // The reader is in Kiritimati (UTC+14): yesterday's midnight there is 10:00 UTC.
    await getDb().update(schema.users).set({ timeZone: "Pacific/Kiritimati" }).where(eq(schema.users.id, a.id));
    const midnight = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 14 * 3_600_000;
    const minute = 60_000;
    const ids: number[] = [];
    let conversationId = 0;
    for (const [from, at] of [
      [b, midnight - 20 * minute],
      [b, midnight - 19 * minute],
      [b, midnight - 10 * minute], // a pause of nine minutes
      [b, midnight + minute], // two minutes later, but a new day where the reader is
      [a, midnight + 2 * minute],
      [a, midnight + 3 * minute],
    ] as const) {
      const sent = await sendMessage(
        from,
        { toUserId: from === a ? b.id : a.id },
        { content: `m${ids.length}`, clientMsgId: clientId() },
        at,
      );
      if (sent.status !== "ok") throw new Error(sent.status);
      ids.push(sent.message.id);
      conversationId = sent.message.conversationId;
    }
    const cookie = await signIn(a.email, a.password);
    let html = await (await fetchApp(`/chat/@${b.username}`, { headers: { Cookie: cookie } })).text();
    const item = (id: number) => {
      const at = html.indexOf(`id="message-${id}"`);
      return html.slice(html.lastIndexOf("<li", at), html.indexOf("</li>", at));
    };
    // Beside the name in text, the avatar is decoration: the name is heard once.
    const avatar = '<span class="avatar avatar-small avatar-placeholder" aria-hidden="true">B</span>';
    const named = (name: string) => `<p class="chat-meta hint">${name} <time`;
    const hiddenName = (name: string) => `<p class="chat-meta hint"><span class="visually-hidden">${name} </span><time`;
    // The first of a run: avatar and name.
    expect(item(ids[0]!)).toContain(`class="chat-message">${avatar}`);
    expect(item(ids[0]!)).toContain(named("Ben Teacher"));
    // The next a minute later: no avatar, the name for screen readers only.
    expect(item(ids[1]!)).toMatch(/^<li class="chat-message chat-next"><div class="chat-bubble"/);
    expect(item(ids[1]!)).toContain(hiddenName("Ben Teacher"));
    // After a pause, and after the reader's midnight: runs of their own.
    for (const id of [ids[2]!, ids[3]!]) {
      expect(item(id)).toContain(`class="chat-message">${avatar}`);
      expect(item(id)).toContain(named("Ben Teacher"));
    }
    // The reader's own: "You" once, then for screen readers.
    expect(item(ids[4]!)).toMatch(/^<li class="chat-message chat-own">/);
    expect(item(ids[4]!)).toContain(named("You"));
    expect(item(ids[5]!)).toMatch(/^<li class="chat-message chat-own chat-next">/);
    expect(item(ids[5]!)).toContain(hiddenName("You"));

    // Read up to the first message only: the second, the first unread, starts a run (the reader lands there).
    await getDb()
      .update(schema.conversationParticipants)
      .set({ lastReadAt: midnight - 19.5 * minute })
      .where(
        and(
          eq(schema.conversationParticipants.conversationId, conversationId),
          eq(schema.conversationParticipants.userId, a.id),
        ),
      );
    html = await (await fetchApp(`/chat/@${b.username}`, { headers: { Cookie: cookie } })).text();
    expect(item(ids[1]!)).toMatch(/^<li id="unread" class="chat-message chat-first-unread"><span class="avatar/);
    expect(item(ids[1]!)).toContain(named("Ben Teacher"));
  });

  it("sends guests to sign in", async () => {
    const response = await fetchApp("/chat");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toContain("/login");
  });
});
