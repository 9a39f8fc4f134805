import { getDb, schema } from "~/server/db/db.server";
import { createUser, fetchApp, postForm, signIn } from "./helpers";

/**
 * The operators' queue (decision 186): OPERATOR_EMAILS is "operator@example.test" in the test
 * bindings (vitest.config.ts). One operator account per test file, made when first asked for.
 */
let operator: ReturnType<typeof createUser> | null = null;
export function theOperator() {
  operator ??= createUser({ name: "Opal Operator", email: "operator@example.test" });
  return operator;
}

/** A direct chat where `author` wrote two messages after `reader` wrote one: the last is the rude one. */
export async function rudeChat() {
  const reader = await createUser({ name: `Rita Reader ${crypto.randomUUID().slice(0, 6)}` });
  const author = await createUser({ name: `Axel Author ${crypto.randomUUID().slice(0, 6)}` });
  const db = getDb();
  const now = Date.now();
  const [conversation] = await db
    .insert(schema.conversations)
    .values({ type: 0, updatedAt: now, directKey: `${reader.id}:${author.id}` })
    .returning();
  const conversationId = conversation!.id;
  await db.insert(schema.conversationParticipants).values([
    { conversationId, userId: reader.id },
    { conversationId, userId: author.id },
  ]);
  const rows = await db
    .insert(schema.messages)
    .values([
      { conversationId, senderId: reader.id, content: "Is the bake sale on Friday?", createdAt: now - 3000 },
      { conversationId, senderId: author.id, content: "Why do you even ask", createdAt: now - 2000 },
      { conversationId, senderId: author.id, content: "Nobody wants your cakes, loser", createdAt: now - 1000 },
    ])
    .returning();
  return { reader, author, conversationId, messageId: rows[2]!.id, earlierId: rows[1]!.id };
}

/** An inbox message from `author` to `reader`. */
export async function rudeMail() {
  const reader = await createUser({ name: `Mae Reader ${crypto.randomUUID().slice(0, 6)}` });
  const author = await createUser({ name: `Max Sender ${crypto.randomUUID().slice(0, 6)}` });
  const db = getDb();
  const [mail] = await db
    .insert(schema.mailMessages)
    .values({ senderId: author.id, subject: "Your child", body: "Keep your kid away from mine or else" })
    .returning();
  await db.insert(schema.mailRecipients).values({ messageId: mail!.id, userId: reader.id });
  return { reader, author, mailId: mail!.id };
}

const cookies = new Map<number, string>();
export async function cookieFor(person: { id: number; email: string; password: string }) {
  let cookie = cookies.get(person.id);
  if (!cookie) {
    cookie = await signIn(person.email, person.password);
    cookies.set(person.id, cookie);
  }
  return cookie;
}

export async function pageAs(person: { id: number; email: string; password: string }, path: string) {
  return fetchApp(path, { headers: { Cookie: await cookieFor(person) } });
}

export async function postAs(
  person: { id: number; email: string; password: string },
  path: string,
  fields: Record<string, string>,
) {
  return postForm(path, fields, { cookie: await cookieFor(person) });
}
