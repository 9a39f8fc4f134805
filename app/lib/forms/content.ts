import { z } from "zod";
import { COMMENT_MAX_LENGTH, POST_MAX_LENGTH } from "~/lib/community-limits";
import { REPORT_REASON_MAX } from "~/lib/moderation";
import { parseId } from "./communities";

const id = z.string().transform((value, ctx) => {
  const parsed = parseId(value);
  if (parsed === null) {
    ctx.addIssue({ code: "custom", message: "content:errors.communityRequired" });
    return z.NEVER;
  }
  return parsed;
});

const postBody = z
  .string({ error: "content:errors.bodyRequired" })
  .transform((value) => value.replace(/\r\n/g, "\n").trim())
  .pipe(z.string().min(1, "content:errors.bodyRequired").max(POST_MAX_LENGTH, "content:errors.bodyTooLong"));

/** The composer's "Mark as urgent" checkbox (decision 183): ticked sends "1". */
const urgentBox = z
  .string()
  .optional()
  .transform((value) => value === "1");

/** The composer (POST /content). Line breaks are kept; only surrounding blanks go. */
export const newPostSchema = z.object({
  communityId: id,
  body: postBody,
  urgent: urgentBox,
  returnTo: z.string().max(2000).optional(),
});

/** /content/{id}/edit. */
export const editPostSchema = z.object({ body: postBody });

const commentBody = z
  .string({ error: "content:errors.commentRequired" })
  .transform((value) => value.replace(/\r\n/g, "\n").trim())
  .pipe(z.string().min(1, "content:errors.commentRequired").max(COMMENT_MAX_LENGTH, "content:errors.commentTooLong"));

const optionalId = z
  .string()
  .optional()
  .transform((value) => (value ? parseId(value) : null));

/**
 * The like form sends its target as one value, `post:5` or `comment:9` (decision 076: fewer
 * hidden inputs per post); API clients and older pages send `targetType` and `targetId`.
 */
export function expandTarget(fields: Record<string, unknown>): Record<string, unknown> {
  const match = typeof fields.target === "string" ? /^(post|comment):(\d+)$/.exec(fields.target) : null;
  return match ? { ...fields, targetType: match[1], targetId: match[2] } : fields;
}

/**
 * A comment's idempotency key (issue 23 item 3, decision 133): the page's script sends a UUID,
 * the outbox sends it again; without one (no JavaScript, an empty field) every send is new.
 */
export const clientKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "content:errors.clientKey")
  .or(z.literal("").transform(() => undefined))
  .nullish();

/** Every form posted to /content/{id}, by intent. */
export const postActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("comment"), body: commentBody, replyTo: optionalId, clientKey: clientKeySchema }),
  z.object({
    intent: z.enum(["like", "unlike"]),
    targetType: z.enum(["post", "comment"]),
    targetId: z.string().transform((value) => parseId(value) ?? 0),
  }),
  z.object({ intent: z.literal("deleteComment"), commentId: z.string().transform((value) => parseId(value) ?? 0) }),
  z.object({
    intent: z.literal("editComment"),
    commentId: z.string().transform((value) => parseId(value) ?? 0),
    body: commentBody,
  }),
  z.object({ intent: z.literal("deletePost") }),
  z.object({
    intent: z.literal("report"),
    targetType: z.enum(["post", "comment"]),
    targetId: z.string().transform((value) => parseId(value) ?? 0),
    reason: z
      .string({ error: "content:errors.reasonRequired" })
      .trim()
      .min(1, "content:errors.reasonRequired")
      .max(REPORT_REASON_MAX, "content:errors.reasonTooLong"),
  }),
]);

export const confirmedField = z.object({
  confirmed: z
    .string()
    .optional()
    .transform((value) => value === "1"),
  returnTo: z.string().max(2000).optional(),
});

/** JSON bodies of the API (decision 046's rules, the same messages as the forms). */
const jsonId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);

/** POST /api/v1/posts: `urgent` a JSON boolean, or "true"/"false" as a multipart field (decision 183). */
export const apiNewPostSchema = z.object({
  communityId: jsonId("content:errors.communityRequired"),
  body: postBody,
  urgent: z
    .preprocess(
      (value) => (value === "true" ? true : value === "false" ? false : value),
      z.boolean({ error: "content:errors.urgentInvalid" }),
    )
    .optional(),
});

/** POST /api/v1/posts/{id}/comments. */
export const apiCommentSchema = z.object({
  body: commentBody,
  replyTo: jsonId("content:errors.commentNotFound").nullish(),
  clientKey: clientKeySchema,
});

/** POST|DELETE /api/v1/likes, POST /api/v1/reports. */
export const apiTargetSchema = z.object({
  targetType: z.enum(["post", "comment"], { error: "content:errors.notFound" }),
  targetId: jsonId("content:errors.notFound"),
});

export const apiReportSchema = apiTargetSchema.extend({
  reason: z
    .string({ error: "content:errors.reasonRequired" })
    .trim()
    .min(1, "content:errors.reasonRequired")
    .max(REPORT_REASON_MAX, "content:errors.reasonTooLong"),
});
