import { afterEach, describe, expect, it, vi } from "vitest";
import { FriendStatus, type UserInfo } from "./friend-status";
import { loadUser, rememberUser } from "./user-cache";

const user = (id: number, friendStatus: UserInfo["friendStatus"] = FriendStatus.NotFriends): UserInfo => ({
  id,
  avatar: "default",
  name: `User ${id}`,
  username: null,
  friendStatus,
  direction: null,
});

afterEach(() => vi.unstubAllGlobals());

describe("the client's user list (SPEC §3, §7)", () => {
  it("fetches a user missing from the list once, with GET /api/v1/user/{id}", async () => {
    const fetch = vi.fn(async () => Response.json({ userInfo: user(101) }));
    vi.stubGlobal("fetch", fetch);
    expect(await Promise.all([loadUser(101), loadUser(101)])).toEqual([user(101), user(101)]);
    expect(await loadUser(101)).toEqual(user(101));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith("/api/v1/user/101", expect.anything());
  });

  it("replaces the cached user with what the server says next (SPEC §4)", async () => {
    vi.stubGlobal("fetch", vi.fn());
    rememberUser(user(102, FriendStatus.NotFriends));
    rememberUser(user(102, FriendStatus.Pending));
    expect((await loadUser(102))?.friendStatus).toBe(FriendStatus.Pending);
  });

  it("ignores errors: an error answer or a failed request is null, and is asked again later", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: {} }, { status: 404 })),
    );
    expect(await loadUser(103)).toBeNull();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    );
    expect(await loadUser(103)).toBeNull();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ userInfo: user(103) })),
    );
    expect(await loadUser(103)).toEqual(user(103));
  });
});
