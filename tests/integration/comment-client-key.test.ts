import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { issueTokens } from "~/server/auth/tokens.server";
import { createPost } from "~/server/content/posts.server";
import { getDb, schema } from "~/server/db/db.server";
import { addComment } from "./comment-support";
import { cast } from "./communities-support";
import { fetchApp } from "./helpers";
import { browserFor } from "./settings-support";

/** Issue 23 item 3, decision 133: a comment sent again with its clientKey is the same comment. */
async function post() {
  const people = await cast({});
  const created = await createPost(people.owner, people.community.id, "Bake sale on Friday");
  if (created.status !== "published") throw new Error("not published");
  return { ...people, postId: created.id };
}

const commentsOf = (postId: number) =>
  getDb().select().from(schema.comments).where(eq(schema.comments.postId, postId)).orderBy(schema.comments.id);

describe("a comment's clientKey (the outbox's idempotency key)", () => {
  it("the service: the same key twice is one comment, both answers name it; other keys or none are new", async () => {
    const { member, owner, postId } = await post();
    const first = await addComment(member, postId, "I can bring cookies", null, "key-aaaaaaaa-1");
    const again = await addComment(member, postId, "I can bring cookies", null, "key-aaaaaaaa-1");
    expect(first).not.toBeNull();
    expect(again).toEqual(first);
    const other = await addComment(member, postId, "And lemonade", null, "key-bbbbbbbb-2");
    expect(other?.id).not.toBe(first?.id);
    // Another author's key is theirs: the same string makes their own comment.
    const owners = await addComment(owner, postId, "Thank you", null, "key-aaaaaaaa-1");
    expect(owners?.id).not.toBe(first?.id);
    // Without a key (no JavaScript) every send is a comment.
    await addComment(member, postId, "Plain", null);
    await addComment(member, postId, "Plain", null);
    const rows = await commentsOf(postId);
    expect(rows.map((row) => [row.body, row.clientKey])).toEqual([
      ["I can bring cookies", "key-aaaaaaaa-1"],
      ["And lemonade", "key-bbbbbbbb-2"],
      ["Thank you", "key-aaaaaaaa-1"],
      ["Plain", null],
      ["Plain", null],
    ]);
  });

  it("a reply keeps its key too, and a repeat answers the first reply", async () => {
    const { member, owner, postId } = await post();
    const parent = await addComment(owner, postId, "Who can help?");
    const reply = await addComment(member, postId, "Me", parent?.id, "reply-key-123");
    expect(reply).toMatchObject({ parentId: parent?.id });
    expect(await addComment(member, postId, "Me", parent?.id, "reply-key-123")).toEqual(reply);
    expect(await commentsOf(postId)).toHaveLength(2);
  });

  it("the post's form (what the page and the outbox post): one comment for one key, two for two", async () => {
    const { member, postId } = await post();
    const browser = await browserFor(member);
    const form = {
      intent: "comment",
      body: "See you there",
      clientKey: "form-key-0001",
      returnTo: `/content/${postId}`,
    };
    const first = await browser.post(`/content/${postId}`, form);
    const second = await browser.post(`/content/${postId}`, form);
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(second.headers.get("Location")).toBe(`/content/${postId}`);
    expect(await commentsOf(postId)).toHaveLength(1);
    await browser.post(`/content/${postId}`, { ...form, clientKey: "form-key-0002" });
    // An empty key (the field without a script) is no key.
    await browser.post(`/content/${postId}`, { ...form, clientKey: "" });
    const rows = await commentsOf(postId);
    expect(rows.map((row) => row.clientKey)).toEqual(["form-key-0001", "form-key-0002", null]);
    // A key that is not one is refused with the field's message, and writes nothing.
    const bad = await browser.post(`/content/${postId}`, { ...form, clientKey: "no spaces please" });
    expect(bad.status).toBe(302);
    expect(await commentsOf(postId)).toHaveLength(3);
  });

  it("the JSON API: the same clientKey twice answers the same comment (201 both), a new key a new one", async () => {
    const { member, postId } = await post();
    const { token } = await issueTokens(member.id);
    const send = async (body: unknown) => {
      const response = await fetchApp(`/api/v1/posts/${postId}/comments`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json()) as { comment: { id: number } } };
    };
    const first = await send({ body: "Count me in", clientKey: "api-key-00001" });
    const again = await send({ body: "Count me in", clientKey: "api-key-00001" });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.json.comment.id).toBe(first.json.comment.id);
    const other = await send({ body: "Count me in", clientKey: "api-key-00002" });
    expect(other.json.comment.id).not.toBe(first.json.comment.id);
    expect((await send({ body: "No key", clientKey: null })).status).toBe(201);
    const mine = await getDb()
      .select()
      .from(schema.comments)
      .where(and(eq(schema.comments.postId, postId), eq(schema.comments.authorId, member.id)));
    expect(mine).toHaveLength(3);
  });
});
