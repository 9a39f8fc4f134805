import { describe, expect, it } from "vitest";
import { issueTokens } from "~/server/auth/tokens.server";
import { createGroup, listConversations, loadConversation, sendMessage } from "~/server/chat/chat.server";
import { clientId, groupCircle } from "./chat-support";
import { fetchApp, signIn } from "./helpers";

/** A form post with repeated fields (a checkbox per chosen person). */
function post(path: string, fields: [string, string][], cookie: string) {
  return fetchApp(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(fields).toString(),
  });
}

async function bearer(userId: number) {
  const { token } = await issueTokens(userId);
  return { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
}

describe("group pages without JavaScript (decision 060)", { timeout: 60_000 }, () => {
  it("finds people by GET, creates the group by post (PRG) and opens it", async () => {
    const { ana, ben, cy, dee } = await groupCircle();
    const cookie = await signIn(ana.email, ana.password);
    const found = await (
      await fetchApp(`/chat/new?intent=find&q=friend&member=${cy.id}&title=Trip`, { headers: { Cookie: cookie } })
    ).text();
    expect(found).toContain("Ben Friend");
    expect(found).toContain("Cy Teammate");
    expect(found).not.toContain("Dee Stranger");
    expect(found).toContain(`checked="" value="${cy.id}"`);
    expect(found).toContain('value="Trip"');
    const createKey = /name="createKey" value="([^"]+)"/.exec(found)?.[1];
    expect(createKey).toBeTruthy();

    const refused = await post(
      "/chat/new",
      [
        ["intent", "create"],
        ["title", "Trip"],
        ["createKey", createKey!],
        ["member", String(ben.id)],
        ["member", String(dee.id)],
      ],
      cookie,
    );
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("You cannot add Dee Stranger");

    const fields: [string, string][] = [
      ["intent", "create"],
      ["title", "Trip"],
      ["createKey", createKey!],
      ["member", String(ben.id)],
      ["member", String(cy.id)],
    ];
    const created = await post("/chat/new", fields, cookie);
    expect(created.status).toBe(302);
    const location = created.headers.get("Location")!;
    expect(location).toMatch(/^\/chat\/\d+$/);
    // The same form again lands in the same group.
    expect((await post("/chat/new", fields, cookie)).headers.get("Location")).toBe(location);
    const page = await (await fetchApp(location, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Trip");
    expect(page).toContain("3 members");

    const empty = await post(
      "/chat/new",
      [
        ["intent", "create"],
        ["title", " "],
        ["createKey", clientId()],
      ],
      cookie,
    );
    expect(empty.status).toBe(400);
    const body = await empty.text();
    expect(body).toContain("Give the group a name.");
    expect(body).toContain("Choose at least one person.");
  });

  it("renames, adds and leaves on the group's page; leaving asks first; outsiders get 404", async () => {
    const { ana, ben, cy, dee } = await groupCircle();
    const made = await createGroup(ana, { title: "Helpers", memberIds: [ben.id], createKey: clientId() });
    if (made.status !== "ok") throw new Error(made.status);
    const id = made.conversationId;
    const cookie = await signIn(ana.email, ana.password);
    const path = `/chat/${id}/group`;

    const settings = await (await fetchApp(`${path}?q=teammate`, { headers: { Cookie: cookie } })).text();
    expect(settings).toContain("2 members");
    expect(settings).toContain("Cy Teammate");

    const renamed = await post(
      path,
      [
        ["intent", "rename"],
        ["title", "Museum helpers"],
      ],
      cookie,
    );
    expect(renamed.status).toBe(302);
    expect((await listConversations(ben.id)).find((c) => c.id === id)?.title).toBe("Museum helpers");

    const added = await post(
      path,
      [
        ["intent", "add"],
        ["member", String(cy.id)],
      ],
      cookie,
    );
    expect(added.status).toBe(302);
    expect((await loadConversation(cy.id, id))?.members).toHaveLength(3);

    const asked = await post(path, [["intent", "leave"]], cookie);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Leave “Museum helpers”?");
    expect(await loadConversation(ana.id, id)).not.toBeNull();
    const left = await post(
      path,
      [
        ["intent", "leave"],
        ["confirmed", "1"],
      ],
      cookie,
    );
    expect(left.status).toBe(302);
    expect(left.headers.get("Location")).toBe("/chat");
    expect((await fetchApp(`/chat/${id}`, { headers: { Cookie: cookie } })).status).toBe(404);
    expect((await fetchApp(path, { headers: { Cookie: cookie } })).status).toBe(404);

    const outsider = await signIn(dee.email, dee.password);
    expect((await fetchApp(path, { headers: { Cookie: outsider } })).status).toBe(404);
    expect(
      (
        await post(
          path,
          [
            ["intent", "rename"],
            ["title", "Mine"],
          ],
          outsider,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await post(
          path,
          [
            ["intent", "leave"],
            ["confirmed", "1"],
          ],
          outsider,
        )
      ).status,
    ).toBe(404);
    expect((await fetchApp(`/chat/${id}/messages`, { headers: { Cookie: outsider } })).status).toBe(404);
  });

  it("deletes one's own message from the page after asking; someone else's is a 404", async () => {
    const { ana, ben } = await groupCircle();
    const sent = await sendMessage(ana, { toUserId: ben.id }, { content: "Oops, wrong chat", clientMsgId: clientId() });
    if (sent.status !== "ok") throw new Error(sent.status);
    const { id, conversationId } = sent.message;
    const cookie = await signIn(ana.email, ana.password);
    const page = await (await fetchApp(`/chat/@${ben.username}`, { headers: { Cookie: cookie } })).text();
    // The message's fields ride in its form's action URL (decision 216), as the browser posts them.
    const action = `/chat/@${ben.username}?intent=delete&messageId=${id}`;
    expect(page).toContain(`<form class="chat-delete" action="${action.replaceAll("&", "&amp;")}" method="post">`);

    const fields: [string, string][] = [
      ["intent", "delete"],
      ["messageId", String(id)],
    ];
    const benCookie = await signIn(ben.email, ben.password);
    expect((await post(`/chat/${conversationId}`, [...fields, ["confirmed", "1"]], benCookie)).status).toBe(404);
    expect(
      (await post(`/chat/${conversationId}?intent=delete&messageId=${id}`, [["confirmed", "1"]], benCookie)).status,
    ).toBe(404);

    const asked = await post(action, [], cookie);
    expect(asked.status).toBe(200);
    const question = await asked.text();
    expect(question).toContain("Delete this message for everyone");
    // The question re-posts the fields in its body (ChatConfirm), which win over the URL's.
    expect(question).toContain(`name="messageId" value="${id}"`);
    const deleted = await post(action, [...fields, ["confirmed", "1"]], cookie);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe(`/chat/@${ben.username}`);
    expect((await loadConversation(ben.id, conversationId))?.messages).toEqual([]);
  });
});

describe("group JSON API (README, decision 060)", { timeout: 60_000 }, () => {
  it("creates (idempotent by clientKey), renames, adds and leaves", async () => {
    const { ana, ben, cy, dee } = await groupCircle();
    const headers = await bearer(ana.id);
    const body = JSON.stringify({ title: "From the app", userIds: [ben.id], clientKey: clientId() });
    const created = await fetchApp("/api/v2/conversation", { method: "POST", headers, body });
    expect(created.status).toBe(201);
    const { conversation } = (await created.json()) as {
      conversation: { id: number; type: number; title: string; participants: { userId: number }[] };
    };
    expect(conversation).toMatchObject({ type: 1, title: "From the app", participants: [{ userId: ben.id }] });
    expect((await fetchApp("/api/v2/conversation", { method: "POST", headers, body })).status).toBe(200);

    const refused = await fetchApp("/api/v2/conversation", {
      method: "POST",
      headers,
      body: JSON.stringify({ title: "x", userIds: [dee.id] }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("not_allowed");
    const invalid = await fetchApp("/api/v2/conversation", {
      method: "POST",
      headers,
      body: JSON.stringify({ title: "", userIds: [] }),
    });
    expect(invalid.status).toBe(400);

    const path = `/api/v2/conversation/${conversation.id}`;
    const renamed = await fetchApp(path, { method: "PATCH", headers, body: JSON.stringify({ title: "Renamed" }) });
    expect(renamed.status).toBe(200);
    const added = await fetchApp(`${path}/participants`, {
      method: "POST",
      headers,
      body: JSON.stringify({ userIds: [cy.id] }),
    });
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ conversationId: conversation.id, added: [cy.id] });
    const benHeaders = await bearer(ben.id);
    expect((await fetchApp(`${path}/leave`, { method: "POST", headers: benHeaders })).status).toBe(200);
    expect((await fetchApp(`${path}/messages`, { headers: benHeaders })).status).toBe(404);
  });

  it("answers outsiders 404 on every group call, no token 401, wrong methods 405", async () => {
    const { ana, ben, dee } = await groupCircle();
    const made = await createGroup(ana, { title: "Private", memberIds: [ben.id], createKey: clientId() });
    if (made.status !== "ok") throw new Error(made.status);
    const path = `/api/v2/conversation/${made.conversationId}`;
    const headers = await bearer(dee.id);
    const calls: [string, string, string | undefined][] = [
      [path, "PATCH", JSON.stringify({ title: "Mine" })],
      [`${path}/participants`, "POST", JSON.stringify({ userIds: [dee.id] })],
      [`${path}/leave`, "POST", undefined],
      [`${path}/messages`, "GET", undefined],
    ];
    for (const [url, method, body] of calls) {
      expect((await fetchApp(url, { method, headers, body })).status, `${method} ${url}`).toBe(404);
    }
    expect((await fetchApp(`${path}/leave`, { method: "POST" })).status).toBe(401);
    expect((await fetchApp(path, { headers })).status).toBe(405);
  });
});
