import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/server/db/db.server";
import { friendshipRows, makeFriends, makeRequest, twoPeople } from "./friends-support";
import { createUser, fetchApp, signIn } from "./helpers";
import { api, bearerFor, expectApiError } from "./notifications-support";

type UserInfoBody = { userInfo: Record<string, unknown> };

async function userInfoOf(response: Response, status = 200) {
  if (response.status !== status)
    throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return ((await response.json()) as UserInfoBody).userInfo;
}

describe("GET /api/v1/user/{id} (SPEC §7)", () => {
  it("answers {userInfo} as the caller sees the user", async () => {
    const { a, b } = await twoPeople();
    await makeRequest(b.id, a.id);
    const userInfo = await userInfoOf(await api(`/api/v1/user/${b.id}`, await bearerFor(a.id)));
    expect(userInfo).toEqual({
      id: b.id,
      avatar: "default",
      name: "Blake Answerer",
      username: b.username,
      friendStatus: 2,
      direction: "incoming",
    });
  });

  it("gives apps a full avatar URL", async () => {
    const { a, b } = await twoPeople();
    const key = `avatars/${b.id}/00000000-0000-4000-8000-000000000000.png`;
    await getDb().update(schema.users).set({ avatar: key }).where(eq(schema.users.id, b.id));
    const userInfo = await userInfoOf(await api(`/api/v1/user/${b.id}`, await bearerFor(a.id)));
    expect(userInfo.avatar).toBe(`http://localhost/files/${key}`);
  });

  it("also answers the browser's cookie session, which the client's user cache uses", async () => {
    const { a, b } = await twoPeople();
    const cookie = await signIn(a.email, a.password);
    const response = await fetchApp(`/api/v1/user/${b.id}`, { headers: { Cookie: cookie } });
    expect(await userInfoOf(response)).toMatchObject({ id: b.id, friendStatus: 0 });
  });

  it("is 404 for unknown, deleted, unactivated and malformed ids, and 401 without credentials", async () => {
    const { a, b } = await twoPeople();
    const token = await bearerFor(a.id);
    const gone = await createUser({ deletedAt: Date.now() });
    const waiting = await createUser({ activatedAt: null });
    for (const id of ["99999999", String(gone.id), String(waiting.id), "abc", "1e3", "0"]) {
      const error = await expectApiError(await api(`/api/v1/user/${id}`, token), 404, "user_not_found");
      expect(error.message).toBe(`There is no user ${id}.`);
    }
    await expectApiError(await api(`/api/v1/user/${b.id}`), 401, "unauthorized");
  });
});

describe("POST /api/v1/user/{id}/friend (SPEC §7)", () => {
  it("sends a request with an empty body and answers {userInfo} with friendStatus 2", async () => {
    const { a, b } = await twoPeople();
    const userInfo = await userInfoOf(await api(`/api/v1/user/${b.id}/friend`, await bearerFor(a.id), "POST"));
    expect(userInfo).toMatchObject({ id: b.id, friendStatus: 2, direction: "outgoing" });
  });

  it("answers SPEC's failure, with the current userInfo, when the request is already pending", async () => {
    const { a, b } = await twoPeople();
    const token = await bearerFor(a.id);
    await api(`/api/v1/user/${b.id}/friend`, token, "POST");
    const response = await api(`/api/v1/user/${b.id}/friend`, token, "POST");
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: {
        code: "request_pending",
        message: "Unable to send your friend request or you already have a friend request pending.",
      },
      userInfo: expect.objectContaining({ friendStatus: 2 }),
    });
  });

  it("warns 'You are already friends with {name}' (409)", async () => {
    const { a, b } = await twoPeople();
    await makeFriends(a.id, b.id);
    const error = await expectApiError(
      await api(`/api/v1/user/${b.id}/friend`, await bearerFor(a.id), "POST"),
      409,
      "already_friends",
    );
    expect(error.message).toBe("You are already friends with Blake Answerer");
  });

  it("accepts the other person's request", async () => {
    const { a, b } = await twoPeople();
    await makeRequest(b.id, a.id);
    const userInfo = await userInfoOf(await api(`/api/v1/user/${b.id}/friend`, await bearerFor(a.id), "POST"));
    expect(userInfo).toMatchObject({ friendStatus: 1, direction: null });
  });

  it("takes Bearer tokens only: a cookie session cannot write", async () => {
    const { a, b } = await twoPeople();
    const cookie = await signIn(a.email, a.password);
    const response = await fetchApp(`/api/v1/user/${b.id}/friend`, { method: "POST", headers: { Cookie: cookie } });
    await expectApiError(response, 401, "unauthorized");
    expect(await friendshipRows(a.id, b.id)).toEqual([]);
  });

  it("refuses oneself (400), unknown users (404) and a non-empty body (400)", async () => {
    const { a, b } = await twoPeople();
    const token = await bearerFor(a.id);
    const self = await expectApiError(await api(`/api/v1/user/${a.id}/friend`, token, "POST"), 400, "self");
    expect(self.message).toBe("You cannot be friends with yourself.");
    await expectApiError(await api("/api/v1/user/99999999/friend", token, "POST"), 404, "user_not_found");
    const withBody = await fetchApp(`/api/v1/user/${b.id}/friend`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ userId: 1 }),
    });
    await expectApiError(withBody, 400, "invalid_request");
  });

  it("answers other methods with 405", async () => {
    const { a, b } = await twoPeople();
    const response = await api(`/api/v1/user/${b.id}/friend`, await bearerFor(a.id), "GET");
    await expectApiError(response, 405, "method_not_allowed");
  });
});

describe("DELETE /api/v1/user/{id}/friend (SPEC §7)", () => {
  it("cancels the caller's pending request: friendStatus 0", async () => {
    const { a, b } = await twoPeople();
    const token = await bearerFor(a.id);
    await api(`/api/v1/user/${b.id}/friend`, token, "POST");
    const userInfo = await userInfoOf(await api(`/api/v1/user/${b.id}/friend`, token, "DELETE"));
    expect(userInfo).toMatchObject({ friendStatus: 0, direction: null });
    expect(await friendshipRows(a.id, b.id)).toEqual([]);
  });

  it("warns 'There is no pending friend request for {name}' (404) when nothing stands", async () => {
    const { a, b } = await twoPeople();
    const error = await expectApiError(
      await api(`/api/v1/user/${b.id}/friend`, await bearerFor(a.id), "DELETE"),
      404,
      "no_pending_request",
    );
    expect(error.message).toBe("There is no pending friend request for Blake Answerer");
  });

  it("unfriends a friend and declines the other person's request", async () => {
    const { a, b } = await twoPeople();
    const token = await bearerFor(a.id);
    await makeFriends(b.id, a.id);
    expect(await userInfoOf(await api(`/api/v1/user/${b.id}/friend`, token, "DELETE"))).toMatchObject({
      friendStatus: 0,
    });
    await makeRequest(b.id, a.id);
    expect(await userInfoOf(await api(`/api/v1/user/${b.id}/friend`, token, "DELETE"))).toMatchObject({
      friendStatus: 0,
    });
    expect(await friendshipRows(a.id, b.id)).toEqual([]);
  });
});
