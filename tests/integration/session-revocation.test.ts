import { beforeAll, describe, expect, it } from "vitest";
import { createNotification } from "~/server/notifications/notifications.server";
import { publishToUser } from "~/server/realtime/realtime.server";
import { getSession } from "~/server/session/session.server";
import { createUser, fetchApp, postForm, signIn } from "./helpers";
import { connect } from "./realtime-support";
import { browserFor } from "./settings-support";

type Tokens = { token: string; refreshToken: string };

function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetchApp(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

async function apiSignIn(identifier: string, password: string) {
  const response = await postJson("/api/v2/auth/login", { identifier, password });
  expect(response.status).toBe(200);
  return (await response.json()) as Tokens;
}

const markAllRead = (token: string) =>
  fetchApp("/api/v1/notifications/markallread", { method: "POST", headers: { Authorization: `Bearer ${token}` } });

async function accessTokenOf(cookie: string) {
  return (await getSession(new Request("http://localhost/", { headers: { Cookie: cookie } }))).get("accessToken")!;
}

const frame = { messageType: "conversationLastRead", data: { conversationId: 1 } } as const;

// The first request loads the whole bundle; on a busy machine that alone can take seconds.
beforeAll(() => fetchApp("/about"), 30_000);

/** Decision 042: logout and deletion end sockets and revoke unexpired access tokens. */
describe("sessions end with logout and deletion", () => {
  it("API logout: the still-unexpired access token gets 401 on writes", async () => {
    const user = await createUser();
    const tokens = await apiSignIn(user.email, user.password);
    expect((await markAllRead(tokens.token)).status).toBe(200);
    expect((await postJson("/api/v2/auth/logout", { refreshToken: tokens.refreshToken })).status).toBe(204);
    const after = await markAllRead(tokens.token);
    expect(after.status).toBe(401);
    expect(((await after.json()) as { error: { code: string } }).error.code).toBe("invalid_token");
  });

  it("web logout: the old cookie's token can no longer mark all read, and the notifications stay unread", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    await createNotification({ userId: user.id, title: "Hello", url: "https://x.test/a" });
    const loggedOut = await fetchApp("/login/logout", { method: "POST", headers: { Cookie: cookie } });
    expect(loggedOut.status).toBe(302);
    // The old cookie, replayed: its access token has not expired yet.
    const replay = await postForm("/notifications/markallread", { confirmed: "1", returnTo: "/newsfeed" }, { cookie });
    expect(replay.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const other = await apiSignIn(user.email, user.password);
    const list = await fetchApp("/api/v1/notifications", { headers: { Authorization: `Bearer ${other.token}` } });
    expect(((await list.json()) as { data: { unreadCount: number } }).data.unreadCount).toBe(1);
    // …and the same token, used as a Bearer token on the API, is refused too.
    expect((await markAllRead(await accessTokenOf(cookie))).status).toBe(401);
  });

  it("account deletion: the deleted user's unexpired token gets 401 on writes", async () => {
    const user = await createUser();
    const tokens = await apiSignIn(user.email, user.password);
    const browser = await browserFor(user);
    const deleted = await browser.post("/profile/settings", { intent: "delete", password: user.password });
    expect(deleted.status).toBe(302);
    expect((await markAllRead(tokens.token)).status).toBe(401);
  });

  it("web logout closes the user's open sockets: no frame reaches them afterwards", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    const socket = await connect("/realtime", { Cookie: cookie });
    const closed = new Promise<number>((resolve) =>
      socket.socket.addEventListener("close", (event) => resolve(event.code)),
    );
    expect(await publishToUser(user.id, frame)).toBe(1);
    expect(JSON.parse(await socket.next())).toEqual(frame);

    await fetchApp("/login/logout", { method: "POST", headers: { Cookie: cookie } });
    expect(await closed).toBe(4001);
    expect(await publishToUser(user.id, frame)).toBe(0);
    expect(await socket.silentFor(100)).toBe(true);
    // The old cookie cannot open a new one while its token is still unexpired.
    expect((await fetchApp("/realtime", { headers: { Upgrade: "websocket", Cookie: cookie } })).status).toBe(401);
  });

  it("account deletion closes the user's sockets", async () => {
    const user = await createUser();
    const tokens = await apiSignIn(user.email, user.password);
    const socket = await connect(`/realtime?token=${tokens.token}`);
    const closed = new Promise<number>((resolve) =>
      socket.socket.addEventListener("close", (event) => resolve(event.code)),
    );
    const browser = await browserFor(user);
    await browser.post("/profile/settings", { intent: "delete", password: user.password });
    expect(await closed).toBe(4001);
    expect(await publishToUser(user.id, frame)).toBe(0);
  });

  it("signing in again after a logout works: the new token carries the new version", async () => {
    const user = await createUser();
    const first = await apiSignIn(user.email, user.password);
    await postJson("/api/v2/auth/logout", { refreshToken: first.refreshToken });
    const second = await apiSignIn(user.email, user.password);
    expect((await markAllRead(second.token)).status).toBe(200);
  });
});
