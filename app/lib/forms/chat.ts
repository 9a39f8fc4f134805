import { z } from "zod";
import { GROUP_MAX_MEMBERS, GROUP_NAME_MAX_LENGTH, MESSAGE_MAX_LENGTH } from "~/lib/chat-limits";
import { SEARCH_TEXT_MAX } from "~/lib/search-text";

// The pages import the limits from ~/lib/chat-limits: this module would bring zod with it.

/**
 * A client-generated id that makes a send idempotent (SPEC §3, §4): letters, digits, "-" and
 * "_", so a UUID fits and nothing odd reaches the unique index.
 */
export const clientMsgIdSchema = z
  .string({ error: "chat:errors.clientMsgId" })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "chat:errors.clientMsgId");

export const messageContentSchema = z
  .string({ error: "chat:errors.contentRequired" })
  .trim()
  .min(1, "chat:errors.contentRequired")
  .max(MESSAGE_MAX_LENGTH, "chat:errors.contentTooLong");

/** The send form on /chat/{id} and /chat/@{username}; `to` is the user of a chat not yet started. */
export const sendMessageSchema = z.object({
  intent: z.literal("send"),
  content: messageContentSchema,
  clientMsgId: clientMsgIdSchema,
  to: z.coerce.number().int().positive().optional(),
});

/** Marks the conversation read (JS: when a message arrives while it is open). */
export const markReadSchema = z.object({ intent: z.literal("read") });

/** The JSON API's send body. */
export const sendMessageBodySchema = z.object({
  content: messageContentSchema,
  clientMsgId: clientMsgIdSchema,
});

/** A numeric id in a path: digits only, so /chat/abc or /chat/1e3 are simply not found. */
export function parseId(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : null;
}

// --- groups (docs/decisions/060-chat-groups.md) ---

export const groupTitleSchema = z
  .string({ error: "chat:errors.titleRequired" })
  .trim()
  .min(1, "chat:errors.titleRequired")
  .max(GROUP_NAME_MAX_LENGTH, "chat:errors.titleTooLong");

const userIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The chosen people: checkboxes named `member` (a form) or `userIds` (JSON). */
export const memberIdsSchema = z
  .array(userIdSchema, { error: "chat:errors.membersRequired" })
  .min(1, "chat:errors.membersRequired")
  .max(GROUP_MAX_MEMBERS - 1, "chat:errors.tooManyMembers")
  .transform((ids) => [...new Set(ids)]);

/** Makes creating a group idempotent, like clientMsgId for a message. */
export const createKeySchema = clientMsgIdSchema;

/** "New group" on /chat/new: `find` shows people matching `q`, keeping the ones ticked; `create` makes it. */
export const newGroupSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("find"),
    q: z.string().max(SEARCH_TEXT_MAX).optional(),
    members: z.array(userIdSchema).max(GROUP_MAX_MEMBERS).default([]),
  }),
  z.object({
    intent: z.literal("create"),
    title: groupTitleSchema,
    members: memberIdsSchema,
    createKey: createKeySchema,
  }),
]);

/** /chat/{id}/group: rename, find people to add, add them, leave (confirmed). */
export const groupActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), title: groupTitleSchema }),
  z.object({
    intent: z.literal("find"),
    q: z.string().max(SEARCH_TEXT_MAX).optional(),
    members: z.array(userIdSchema).max(GROUP_MAX_MEMBERS).default([]),
  }),
  z.object({ intent: z.literal("add"), members: memberIdsSchema }),
  z.object({ intent: z.literal("leave"), confirmed: z.literal("1").optional() }),
]);

/** Deleting one's own message from the page (decision 051); `confirmed` after the question. */
export const deleteMessageSchema = z.object({
  intent: z.literal("delete"),
  messageId: userIdSchema,
  confirmed: z.literal("1").optional(),
});

/** Forms send a checkbox per person: every `member` value, not only the last. */
export function formWithMembers(formData: FormData) {
  return { ...Object.fromEntries(formData), members: formData.getAll("member").map(String) };
}

/** POST /api/v2/conversation: a group. */
export const createGroupBodySchema = z.object({
  title: groupTitleSchema,
  userIds: memberIdsSchema,
  clientKey: createKeySchema.optional(),
});

/** PATCH /api/v2/conversation/{id}. */
export const renameGroupBodySchema = z.object({ title: groupTitleSchema });

/** POST /api/v2/conversation/{id}/participants. */
export const addMembersBodySchema = z.object({ userIds: memberIdsSchema });
