import { describe, expect, it } from "vitest";
import { parseFrame } from "~/realtime/protocol";
import { issueTokens } from "~/server/auth/tokens.server";
import { loadConversation, MessageDisposition, sendMessage } from "~/server/chat/chat.server";
import { clientId, twoFriends } from "./chat-support";
import { createUser, fetchApp, signIn } from "./helpers";
import { connect } from "./realtime-support";

async function bearer(userId: number) {
  const { token } = await issueTokens(userId);
  return { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
}

async function chatOf(a: number, b: number) {
  const sent = await sendMessage(
    { id: a, tokenVersion: 0 },
    { toUserId: b },
    { content: "First", clientMsgId: clientId() },
  );
  if (sent.status !== "ok") throw new Error(sent.status);
  return sent.message;
}

describe("chat JSON API (Bearer, JSON errors; README)", { timeout: 30_000 }, () => {
  it("lists messages by cursor, sends idempotently and marks read", async () => {
    const { a, b } = await twoFriends();
    const first = await chatOf(a.id, b.id);
    const path = `/api/v2/conversation/${first.conversationId}`;
    const headers = await bearer(b.id);
    const clientMsgId = clientId();
    const body = JSON.stringify({ content: "From the app", clientMsgId });
    const created = await fetchApp(`${path}/messages`, { method: "POST", headers, body });
    expect(created.status).toBe(201);
    const resent = await fetchApp(`${path}/messages`, { method: "POST", headers, body });
    expect(resent.status).toBe(200);
    const list = (await (await fetchApp(`${path}/messages`, { headers })).json()) as {
      data: { content: string; createdAt: number; id: number }[];
    };
    expect(list.data.map((m) => m.content)).toEqual(["First", "From the app"]);
    const after = `${list.data[0]!.createdAt}:${list.data[0]!.id}`;
    const gap = (await (await fetchApp(`${path}/messages?after=${after}`, { headers })).json()) as { data: unknown[] };
    expect(gap.data).toHaveLength(1);
    const read = await fetchApp(`${path}/read`, { method: "POST", headers });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { conversationId: number }).conversationId).toBe(first.conversationId);
  });

  it("answers bad bodies with 400 and the field, strangers with 403, outsiders with 404, no token with 401", async () => {
    const { a, b } = await twoFriends();
    const first = await chatOf(a.id, b.id);
    const path = `/api/v2/conversation/${first.conversationId}`;
    const empty = await fetchApp(`${path}/messages`, {
      method: "POST",
      headers: await bearer(a.id),
      body: JSON.stringify({ content: "  ", clientMsgId: clientId() }),
    });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { fields: Record<string, string[]> } }).error.fields.content).toEqual([
      "Write a message first.",
    ]);
    const outsider = await createUser();
    const headers = await bearer(outsider.id);
    for (const [url, method] of [
      [`${path}/messages`, "GET"],
      [`${path}/messages`, "POST"],
      [`${path}/read`, "POST"],
      [`${path}/messages/${first.id}`, "DELETE"],
    ] as const) {
      const body =
        method === "POST" && url.endsWith("messages")
          ? JSON.stringify({ content: "x", clientMsgId: clientId() })
          : undefined;
      expect((await fetchApp(url, { method, headers, body })).status, `${method} ${url}`).toBe(404);
    }
    expect((await fetchApp(`${path}/messages`)).status).toBe(401);
  });
});

describe("message deletion: the removing dispositions (decision 051)", { timeout: 30_000 }, () => {
  it("lets only the sender delete; it leaves every participant's list, live", async () => {
    const { a, b } = await twoFriends();
    const first = await chatOf(a.id, b.id);
    const path = `/api/v2/conversation/${first.conversationId}/messages/${first.id}`;
    expect((await fetchApp(path, { method: "DELETE", headers: await bearer(b.id) })).status).toBe(404);

    const tab = await connect("/realtime", { Cookie: await signIn(b.email, b.password) });
    const deleted = await fetchApp(path, { method: "DELETE", headers: await bearer(a.id) });
    expect(deleted.status).toBe(200);
    expect(parseFrame(await tab.next())).toMatchObject({
      messageType: "message",
      data: { clientMsgId: first.clientMsgId, disposition: MessageDisposition.DeletedBySender, content: "" },
    });
    expect((await loadConversation(b.id, first.conversationId))?.messages).toEqual([]);
    expect((await fetchApp(path, { method: "DELETE", headers: await bearer(a.id) })).status).toBe(404);
    tab.socket.close(1000);
  });
});
