import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { issueTokens } from "~/server/auth/tokens.server";
import { sendMessage } from "~/server/chat/chat.server";
import { addComment } from "~/server/content/comments.server";
import { createPost } from "~/server/content/posts.server";
import { getDb, schema } from "~/server/db/db.server";
import { listNotifications } from "~/server/notifications/notifications.server";
import { clientId, shareCommunity } from "./chat-support";
import { makeFriends } from "./friends-support";
import { createUser, fetchApp, postForm, signIn } from "./helpers";
import { waitForMail } from "./outbox-support";

/** Issue 26 item 5, decision 162: "Download my data". */

async function bearer(userId: number) {
  const { token } = await issueTokens(userId);
  return { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
}

type Status = { export: { id: string; status: string }; data?: Record<string, Record<string, unknown>[]> };

async function untilReady(id: string, headers: Record<string, string>): Promise<Status> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const body = (await (await fetchApp(`/api/v2/export/${id}`, { headers })).json()) as Status;
    if (body.export.status === "ready") return body;
    if (Date.now() > deadline) throw new Error(`export ${id} still ${body.export.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function someone() {
  const me = await createUser({ name: "Dana Downloader" });
  const other = await createUser({ name: "Olly Other" });
  await makeFriends(me.id, other.id);
  const communityId = await shareCommunity(me.id, other.id);
  const image = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);
  const key = `posts/${crypto.randomUUID()}.jpg`;
  await env.FILES.put(key, image);
  const mine = await createPost(me, communityId, "My bake sale post");
  if (!("id" in mine)) throw new Error(mine.status);
  await getDb()
    .update(schema.posts)
    .set({ images: [{ key, width: 1, height: 1 }] })
    .where(eq(schema.posts.id, mine.id));
  const theirs = await createPost(other, communityId, "Olly's secret post");
  if (!("id" in theirs)) throw new Error(theirs.status);
  await addComment(me, theirs.id, "Dana's comment");
  await addComment(other, mine.id, "Olly's comment");
  const sent = await sendMessage(me, { toUserId: other.id }, { content: "Dana says hi", clientMsgId: clientId() });
  if (sent.status !== "ok") throw new Error(sent.status);
  await sendMessage(other, { toUserId: me.id }, { content: "Olly says hi back", clientMsgId: clientId() });
  return { me, other, image, key, postId: mine.id };
}

describe("download my data (issue 26 item 5)", { timeout: 60_000 }, () => {
  it("builds the ZIP off the request: JSON per kind and the uploaded image, nobody else's words; told by notification and mail", async () => {
    const { me, other, image, postId } = await someone();
    const headers = await bearer(me.id);
    const asked = await fetchApp("/api/v2/export", { method: "POST", headers });
    expect(asked.status).toBe(202);
    const { export: made } = (await asked.json()) as Status;
    expect(made.status).toBe("pending");
    // Asking again within the hour answers the same export.
    const again = await fetchApp("/api/v2/export", { method: "POST", headers });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Status).export.id).toBe(made.id);

    const ready = await untilReady(made.id, headers);
    expect(ready.data?.posts?.map((post) => post.body)).toEqual(["My bake sale post"]);

    const zipped = await fetchApp(`/api/v2/export/${made.id}`, { headers: { ...headers, Accept: "application/zip" } });
    expect(zipped.headers.get("Content-Type")).toBe("application/zip");
    const entries = unzipSync(new Uint8Array(await zipped.arrayBuffer()));
    const json = (name: string) => JSON.parse(strFromU8(entries[name]!)) as Record<string, unknown>[];
    expect(json("profile.json")).toMatchObject([{ id: me.id, email: me.email, name: "Dana Downloader" }]);
    expect(json("posts.json")).toMatchObject([{ id: postId, body: "My bake sale post" }]);
    expect(json("comments.json").map((c) => c.body)).toEqual(["Dana's comment"]);
    expect(json("messages.json").map((m) => m.content)).toEqual(["Dana says hi"]);
    expect(json("friends.json")).toMatchObject([{ userId: other.id, status: "accepted" }]);
    expect(json("memberships.json")).toHaveLength(1);
    const imagePath = (json("posts.json")[0]!.images as string[])[0]!;
    expect(Array.from(entries[imagePath]!)).toEqual(Array.from(image));
    const everything = Object.values(entries)
      .map((bytes) => strFromU8(bytes, true))
      .join("\n");
    expect(everything).not.toContain("Olly's secret post");
    expect(everything).not.toContain("Olly's comment");
    expect(everything).not.toContain("Olly says hi back");
    expect(everything).not.toContain(other.email);

    const notices = (await listNotifications(me.id)).data;
    expect(notices.map((n) => n.title)).toContain("Your data is ready to download");
    const [mail] = await waitForMail(me.email);
    expect(mail?.subject).toBe("Your SchoolHub data is ready");
    expect(mail?.text).toContain(`/profile/export/${made.id}`);
  });

  it("only the owner can open it: the web link and the API answer 404 to anyone else", async () => {
    const { me, other } = await someone();
    const cookie = await signIn(me.email, me.password);
    const asked = await postForm("/profile/export", {}, { cookie });
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe("/profile/settings#settings-export");
    const [row] = await getDb().select().from(schema.dataExports).where(eq(schema.dataExports.userId, me.id));
    await untilReady(row!.id, await bearer(me.id));
    const mine = await fetchApp(`/profile/export/${row!.id}`, { headers: { Cookie: cookie } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Disposition")).toContain("attachment");
    expect(Object.keys(unzipSync(new Uint8Array(await mine.arrayBuffer())))).toContain("inbox.json");
    const theirs = await fetchApp(`/profile/export/${row!.id}`, {
      headers: { Cookie: await signIn(other.email, other.password) },
    });
    expect(theirs.status).toBe(404);
    expect((await fetchApp(`/api/v2/export/${row!.id}`, { headers: await bearer(other.id) })).status).toBe(404);
    expect((await fetchApp(`/api/v2/export/${row!.id}`)).status).toBe(401);
    const settings = await (await fetchApp("/profile/settings", { headers: { Cookie: cookie } })).text();
    expect(settings).toContain(`href="/profile/export/${row!.id}"`);
  });
});
