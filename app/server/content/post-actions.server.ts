import type { z } from "zod";
import type { postActionSchema } from "~/lib/forms/content";
import type { Actor } from "~/server/users/session-user.server";
import { addComment, deleteComment, updateComment } from "./comments.server";
import { like, unlike } from "./likes.server";
import { deletePost } from "./posts.server";
import { report } from "./reports.server";

export type PostAction = z.infer<typeof postActionSchema>;

export type PostActionOutcome =
  | { status: "ok"; toast?: string }
  | { status: "post_deleted"; toast: string }
  | { status: "not_found"; toast?: undefined }
  /** Refused with a reason the author can act on (a parent's consent, decision 185). */
  | { status: "refused"; toast: string };

/**
 * The forms of a post's page (POST /content/{id}), each one service call. Anything the viewer
 * may not see or change is "not found" (decision 045: hidden content answers 404 everywhere).
 */
export async function performPostAction(actor: Actor, postId: number, action: PostAction): Promise<PostActionOutcome> {
  switch (action.intent) {
    case "comment": {
      const comment = await addComment(actor, postId, action.body, action.replyTo, action.clientKey ?? null);
      if (!comment) return { status: "not_found" };
      if ("refused" in comment) return { status: "refused", toast: "content:errors.commentConsentRequired" };
      return { status: "ok", toast: action.replyTo ? "content:toasts.replied" : "content:toasts.commented" };
    }
    case "like": {
      await like(actor, { type: action.targetType, id: action.targetId });
      return { status: "ok" };
    }
    case "unlike": {
      await unlike(actor, { type: action.targetType, id: action.targetId });
      return { status: "ok" };
    }
    case "deleteComment": {
      const deleted = await deleteComment(actor, action.commentId);
      return deleted ? { status: "ok", toast: "content:toasts.commentDeleted" } : { status: "not_found" };
    }
    case "editComment": {
      const saved = await updateComment(actor, action.commentId, action.body);
      return saved ? { status: "ok", toast: "content:toasts.commentSaved" } : { status: "not_found" };
    }
    case "report": {
      const done = await report(actor, { type: action.targetType, id: action.targetId }, action.reason);
      return done ? { status: "ok", toast: "content:toasts.reported" } : { status: "not_found" };
    }
    case "deletePost": {
      const deleted = await deletePost(actor, postId);
      return deleted ? { status: "post_deleted", toast: "content:toasts.deleted" } : { status: "not_found" };
    }
  }
}
