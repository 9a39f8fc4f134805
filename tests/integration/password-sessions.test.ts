import { beforeAll, describe, expect, it } from "vitest";
import { sendMessage } from "~/server/chat/chat.server";
import { clientId, twoFriends } from "./chat-support";
import { cookiesOf, fetchApp, signIn } from "./helpers";
import { connect, type TestSocket, upgrade } from "./realtime-support";
import { mailedToken, postFrom } from "./registration-support";
import { browserFor, pageText } from "./settings-support";

/**
 * Issue 22 item 1: a password change (settings) or reset (mailed link) ends every other session
 * of the user the way logout and deletion do: refresh tokens revoked, access tokens refused,
 * open sockets closed. A change keeps the session that made it and says so; a reset ends all.
 */

// The first request loads the whole bundle; on a busy machine that alone can take seconds.
beforeAll(() => fetchApp("/about"), 30_000);

type Tokens = { token: string; refreshToken: string };

async function apiSession(identifier: string, password: string) {
  const response = await fetchApp("/api/v2/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identifier, password }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Tokens;
}

function sendAs(token: string, conversationId: number) {
  return fetchApp(`/api/v2/conversation/${conversationId}/messages`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ content: "Still here?", clientMsgId: clientId() }),
  });
}

function closeCode(socket: TestSocket) {
  return new Promise<number>((resolve) => socket.socket.addEventListener("close", (event) => resolve(event.code)));
}

/** Ada, a conversation with Ben, and Ada's session 1: an API token with its socket open. */
async function sessionOne() {
  const { a, b } = await twoFriends();
  const first = await sendMessage(a, { toUserId: b.id }, { content: "Hi", clientMsgId: clientId() });
  if (first.status !== "ok") throw new Error(first.status);
  const conversationId = first.message.conversationId;
  const tokens = await apiSession(a.email, a.password);
  expect((await sendAs(tokens.token, conversationId)).status).toBe(201);
  const socket = await connect(`/realtime?token=${tokens.token}`);
  return { a, b, conversationId, tokens, socket, closed: closeCode(socket) };
}

describe("a password change in settings ends every other session", () => {
  it("closes session 1's socket, refuses its token, and keeps session 2 signed in, saying so", async () => {
    const one = await sessionOne();
    const webOne = await signIn(one.a.email, one.a.password);
    const two = await browserFor(one.a);

    const changed = await two.post("/profile/settings", {
      intent: "password",
      currentPassword: one.a.password,
      newPassword: "a brand new secret",
      confirmPassword: "a brand new secret",
    });
    expect(changed.status).toBe(302);
    expect(await one.closed).toBe(4001);
    expect((await sendAs(one.tokens.token, one.conversationId)).status).toBe(401);
    expect((await upgrade(`/realtime?token=${one.tokens.token}`)).status).toBe(401);
    // Session 1's web cookie is signed out on its next read (its refresh token was revoked too).
    const webRead = await fetchApp("/newsfeed", { headers: { Cookie: webOne } });
    expect(webRead.status).toBe(302);
    expect(webRead.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);

    // Session 2 goes on: the page says it stayed signed in, and it still reads, sends and listens.
    const page = await two.get("/profile/settings");
    expect(page.status).toBe(200);
    const text = await pageText(page);
    expect(text).toContain(
      "Your password has been changed. Every other device has been signed out; this one stays signed in.",
    );
    expect(text).toContain("Changing your password signs you out on every other device. This one stays signed in.");
    const sent = await two.post(`/chat/${one.conversationId}/messages`, {
      content: "From the laptop",
      clientMsgId: clientId(),
    });
    expect(sent.status).toBeLessThan(300);
    const socket = await connect("/realtime", { Cookie: two.cookie() });
    socket.socket.close();
  });
});

describe("a password reset ends every session", () => {
  it("closes session 1's socket and refuses its token for sending and for new sockets", async () => {
    const one = await sessionOne();
    const webOne = await signIn(one.a.email, one.a.password);
    await postFrom("203.0.113.40", "/login/resetpassword", { intent: "request", email: one.a.email });
    const { token } = await mailedToken(one.a.email, "/login/resetpassword");
    const password = "a reset new secret";
    const saved = await postFrom("203.0.113.40", `/login/resetpassword?token=${token}`, {
      intent: "reset",
      token,
      password,
      confirmPassword: password,
    });
    expect(saved.status).toBe(302);
    expect(await one.closed).toBe(4001);
    expect((await sendAs(one.tokens.token, one.conversationId)).status).toBe(401);
    expect((await upgrade(`/realtime?token=${one.tokens.token}`)).status).toBe(401);
    const webRead = await fetchApp("/newsfeed", { headers: { Cookie: webOne } });
    expect(webRead.status).toBe(302);
    expect(webRead.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    // The new password signs in afresh, and that session works.
    const fresh = await postFrom("203.0.113.40", "/login", { identifier: one.a.email, password });
    expect(fresh.status).toBe(302);
    expect((await fetchApp("/newsfeed", { headers: { Cookie: cookiesOf(fresh) } })).status).toBe(200);
  });
});
