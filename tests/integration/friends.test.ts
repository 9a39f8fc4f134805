import { describe, expect, it } from "vitest";
import { FriendStatus } from "~/lib/friend-status";
import {
  acceptFriendRequest,
  cancelFriendRequest,
  declineFriendRequest,
  removeFriendRelation,
  sendFriendRequest,
  unfriend,
} from "~/server/friends/friends.server";
import { getUserInfo } from "~/server/friends/relation.server";
import { listNotifications } from "~/server/notifications/notifications.server";
import { ctx, friendshipRows, makeFriends, makeRequest, twoPeople } from "./friends-support";
import { createUser } from "./helpers";
import { ORIGIN } from "./notifications-support";

const strangers = { friendStatus: FriendStatus.NotFriends, direction: null };
const friends = { friendStatus: FriendStatus.Friends, direction: null };
const asked = { friendStatus: FriendStatus.Pending, direction: "outgoing" };
const askedBy = { friendStatus: FriendStatus.Pending, direction: "incoming" };

describe("friendStatus is the viewer's (SPEC §4)", () => {
  it("answers userInfo with id, avatar, name, username, friendStatus and direction", async () => {
    const { a, b } = await twoPeople();
    expect(await getUserInfo(a.id, b.id)).toEqual({
      id: b.id,
      avatar: "default",
      name: "Blake Answerer",
      username: b.username,
      ...strangers,
    });
  });

  it("shows a pending request as outgoing to the requester and incoming to the addressee", async () => {
    const { a, b } = await twoPeople();
    await makeRequest(a.id, b.id);
    expect(await getUserInfo(a.id, b.id)).toMatchObject(asked);
    expect(await getUserInfo(b.id, a.id)).toMatchObject(askedBy);
  });

  it("is null for unknown, deleted and unactivated people", async () => {
    const { a } = await twoPeople();
    const gone = await createUser({ deletedAt: Date.now() });
    const waiting = await createUser({ activatedAt: null });
    expect(await getUserInfo(a.id, 99_999_999)).toBeNull();
    expect(await getUserInfo(a.id, gone.id)).toBeNull();
    expect(await getUserInfo(a.id, waiting.id)).toBeNull();
  });
});

describe("sending a friend request (0 → 2)", () => {
  it("becomes pending and tells the addressee with a notification linking to /profile/friends", async () => {
    const { a, b } = await twoPeople();
    const result = await sendFriendRequest(a, b.id, ctx);
    expect(result).toEqual({ status: "ok", outcome: "sent", user: expect.objectContaining({ id: b.id, ...asked }) });
    const [row] = await friendshipRows(a.id, b.id);
    expect(row).toMatchObject({ requesterId: a.id, addresseeId: b.id, status: "pending" });
    const inbox = await listNotifications(b.id);
    expect(inbox.unreadCount).toBe(1);
    expect(inbox.data[0]).toMatchObject({
      title: "Avery Asker sent you a friend request",
      url: `${ORIGIN}/profile/friends`,
      seen: false,
    });
    expect((await listNotifications(a.id)).data).toEqual([]);
  });

  it("warns when they are already friends, either way round", async () => {
    const { a, b } = await twoPeople();
    await makeFriends(b.id, a.id);
    const result = await sendFriendRequest(a, b.id, ctx);
    expect(result).toMatchObject({ status: "already_friends", user: friends });
    expect(await friendshipRows(a.id, b.id)).toHaveLength(1);
  });

  it("fails when the viewer's request is already pending", async () => {
    const { a, b } = await twoPeople();
    await sendFriendRequest(a, b.id, ctx);
    const again = await sendFriendRequest(a, b.id, ctx);
    expect(again).toMatchObject({ status: "request_pending", user: asked });
    expect((await listNotifications(b.id)).data).toHaveLength(1);
  });

  it("accepts the other person's pending request instead of asking back", async () => {
    const { a, b } = await twoPeople();
    await sendFriendRequest(b, a.id, ctx);
    const result = await sendFriendRequest(a, b.id, ctx);
    expect(result).toMatchObject({ status: "ok", outcome: "accepted", user: friends });
    const rows = await friendshipRows(a.id, b.id);
    expect(rows).toEqual([expect.objectContaining({ requesterId: b.id, status: "accepted" })]);
    expect((await listNotifications(b.id)).data[0]?.title).toBe("Avery Asker accepted your friend request");
  });

  it("never leaves two rows when two people ask each other at once", async () => {
    const { a, b } = await twoPeople();
    const results = await Promise.all([sendFriendRequest(a, b.id, ctx), sendFriendRequest(b, a.id, ctx)]);
    // Crossed requests answer with the resulting state: the second sender accepted the first's.
    expect(results.map((result) => result.status)).toEqual(["ok", "ok"]);
    expect(await friendshipRows(a.id, b.id)).toEqual([expect.objectContaining({ status: "accepted" })]);
  });

  it("answers a crossed accept (a double submit) with the friendship, not a missing request", async () => {
    const { a, b } = await twoPeople();
    await sendFriendRequest(a, b.id, ctx);
    const results = await Promise.all([acceptFriendRequest(b, a.id, ctx), acceptFriendRequest(b, a.id, ctx)]);
    for (const result of results) expect(result).not.toMatchObject({ status: "no_incoming_request" });
    expect(results.some((result) => result.status === "ok")).toBe(true);
    expect(await friendshipRows(a.id, b.id)).toEqual([expect.objectContaining({ status: "accepted" })]);
  });

  it("refuses oneself, unknown, deleted and unactivated people", async () => {
    const { a } = await twoPeople();
    const gone = await createUser({ deletedAt: Date.now() });
    const waiting = await createUser({ activatedAt: null });
    expect(await sendFriendRequest(a, a.id, ctx)).toEqual({ status: "self" });
    for (const id of [99_999_999, gone.id, waiting.id]) {
      expect(await sendFriendRequest(a, id, ctx)).toEqual({ status: "not_found" });
    }
    expect((await listNotifications(gone.id)).data).toEqual([]);
  });
});

describe("cancelling a friend request (2 → 0)", () => {
  it("removes the request and withdraws the addressee's notification", async () => {
    const { a, b } = await twoPeople();
    await sendFriendRequest(a, b.id, ctx);
    const result = await cancelFriendRequest(a, b.id);
    expect(result).toMatchObject({ status: "ok", outcome: "cancelled", user: strangers });
    expect(await friendshipRows(a.id, b.id)).toEqual([]);
    expect(await listNotifications(b.id)).toMatchObject({ data: [], unreadCount: 0 });
  });

  it("warns when nothing is pending, and when they are friends", async () => {
    const { a, b } = await twoPeople();
    expect(await cancelFriendRequest(a, b.id)).toMatchObject({ status: "no_pending_request", user: strangers });
    await makeFriends(a.id, b.id);
    expect(await cancelFriendRequest(a, b.id)).toMatchObject({ status: "no_pending_request", user: friends });
    expect(await friendshipRows(a.id, b.id)).toHaveLength(1);
  });

  it("is for the requester only: the addressee cannot cancel it", async () => {
    const { a, b } = await twoPeople();
    await sendFriendRequest(a, b.id, ctx);
    expect(await cancelFriendRequest(b, a.id)).toMatchObject({ status: "cancel_failed", user: askedBy });
    expect(await friendshipRows(a.id, b.id)).toHaveLength(1);
  });
});

describe("answering a friend request", () => {
  it("accept (2 → 1): only the addressee; the requester is told, with a link to the accepter's profile", async () => {
    const { a, b } = await twoPeople();
    await sendFriendRequest(a, b.id, ctx);
    expect(await acceptFriendRequest(a, b.id, ctx)).toMatchObject({ status: "no_incoming_request", user: asked });

    const result = await acceptFriendRequest(b, a.id, ctx);
    expect(result).toMatchObject({ status: "ok", outcome: "accepted", user: { id: a.id, ...friends } });
    expect(await getUserInfo(a.id, b.id)).toMatchObject(friends);
    const [row] = await friendshipRows(a.id, b.id);
    expect(row?.acceptedAt).toEqual(expect.any(Number));
    const told = (await listNotifications(a.id)).data[0];
    expect(told).toMatchObject({
      title: "Blake Answerer accepted your friend request",
      url: `${ORIGIN}/users/${b.id}`,
    });
    // The addressee dealt with the request, so its notification is read.
    expect(await listNotifications(b.id)).toMatchObject({ unreadCount: 0, data: [{ seen: true }] });
  });

  it("accept warns when they are already friends and when nothing came in", async () => {
    const { a, b } = await twoPeople();
    expect(await acceptFriendRequest(b, a.id, ctx)).toMatchObject({ status: "no_incoming_request" });
    await makeFriends(a.id, b.id);
    expect(await acceptFriendRequest(b, a.id, ctx)).toMatchObject({ status: "already_friends" });
  });

  it("decline (2 → 0): only the addressee, and the requester is not told", async () => {
    const { a, b } = await twoPeople();
    await sendFriendRequest(a, b.id, ctx);
    expect(await declineFriendRequest(a, b.id)).toMatchObject({ status: "no_incoming_request" });
    expect(await friendshipRows(a.id, b.id)).toHaveLength(1);

    expect(await declineFriendRequest(b, a.id)).toMatchObject({
      status: "ok",
      outcome: "declined",
      user: strangers,
    });
    expect(await friendshipRows(a.id, b.id)).toEqual([]);
    expect((await listNotifications(a.id)).data).toEqual([]);
    expect((await listNotifications(b.id)).unreadCount).toBe(0);
  });
});

describe("unfriending (1 → 0)", () => {
  it("works from either side", async () => {
    const { a, b } = await twoPeople();
    await makeFriends(a.id, b.id);
    expect(await unfriend(b, a.id)).toMatchObject({ status: "ok", outcome: "unfriended", user: strangers });
    expect(await friendshipRows(a.id, b.id)).toEqual([]);
    await makeFriends(a.id, b.id);
    expect(await unfriend(a, b.id)).toMatchObject({ status: "ok", outcome: "unfriended" });
  });

  it("refuses when they are not friends, leaving a pending request alone", async () => {
    const { a, b } = await twoPeople();
    expect(await unfriend(a, b.id)).toMatchObject({ status: "not_friends", user: strangers });
    await makeRequest(a.id, b.id);
    expect(await unfriend(b, a.id)).toMatchObject({ status: "not_friends", user: askedBy });
    expect(await friendshipRows(a.id, b.id)).toHaveLength(1);
  });
});

describe("undoing whatever stands (DELETE /api/v1/user/{id}/friend)", () => {
  it("cancels the viewer's request, declines theirs, unfriends a friend, and warns otherwise", async () => {
    const { a, b } = await twoPeople();
    await makeRequest(a.id, b.id);
    expect(await removeFriendRelation(a, b.id)).toMatchObject({ outcome: "cancelled" });
    await makeRequest(b.id, a.id);
    expect(await removeFriendRelation(a, b.id)).toMatchObject({ outcome: "declined" });
    await makeFriends(b.id, a.id);
    expect(await removeFriendRelation(a, b.id)).toMatchObject({ outcome: "unfriended" });
    expect(await removeFriendRelation(a, b.id)).toMatchObject({ status: "no_pending_request" });
    expect(await removeFriendRelation(a, a.id)).toEqual({ status: "self" });
  });
});
