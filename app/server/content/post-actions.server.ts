import type { z } from "zod";
import type { postActionSchema } from "~/lib/forms/content";
import type { Actor } from "~/server/users/session-user.server";
import { addComment, deleteComment, updateComment } from "./comments.server";
import { type NotifyContext, notifyComment, notifyPostLike } from "./content-notifications.server";
import { like, unlike } from "./likes.server";
import { deletePost } from "./posts.server";
import { report } from "./reports.server";

export type PostAction = z.infer<typeof postActionSchema>;

export type PostActionOutcome =
  | { status: "ok"; toast?: string }
  | { status: "post_deleted"; toast: string }
  | { status: "not_found"; toast?: undefined }
  /** The viewer's token was revoked (decision 042): nothing changed. */
  | { status: "revoked"; toast?: undefined };

/**
 * The forms of a post's page (POST /content/{id}), each one service call. Anything the viewer
 * may not see or change is "not found" (decision 045: hidden content answers 404 everywhere).
 */
export async function performPostAction(
  actor: Actor,
  postId: number,
  action: PostAction,
  ctx: NotifyContext,
): Promise<PostActionOutcome> {
  const userId = actor.id;
  switch (action.intent) {
    case "comment": {
      const comment = await addComment(actor, postId, action.body, action.replyTo);
      if (comment === "revoked") return { status: comment };
      if (comment) notifyComment(ctx, userId, postId, comment.parentId);
      return comment ? { status: "ok", toast: "content:toasts.commented" } : { status: "not_found" };
    }
    case "like": {
      const added = await like(actor, { type: action.targetType, id: action.targetId });
      if (added === "revoked") return { status: added };
      if (added && action.targetType === "post") notifyPostLike(ctx, userId, action.targetId);
      return { status: "ok" };
    }
    case "unlike": {
      const removed = await unlike(actor, { type: action.targetType, id: action.targetId });
      return { status: removed === "revoked" ? removed : "ok" };
    }
    case "deleteComment": {
      const deleted = await deleteComment(actor, action.commentId);
      if (deleted === "revoked") return { status: deleted };
      return deleted ? { status: "ok", toast: "content:toasts.commentDeleted" } : { status: "not_found" };
    }
    case "editComment": {
      const saved = await updateComment(actor, action.commentId, action.body);
      if (saved === "revoked") return { status: saved };
      return saved ? { status: "ok", toast: "content:toasts.commentSaved" } : { status: "not_found" };
    }
    case "report": {
      const done = await report(actor, { type: action.targetType, id: action.targetId }, action.reason);
      if (done === "revoked") return { status: done };
      return done ? { status: "ok", toast: "content:toasts.reported" } : { status: "not_found" };
    }
    case "deletePost": {
      const deleted = await deletePost(actor, postId);
      if (deleted === "revoked") return { status: deleted };
      return deleted ? { status: "post_deleted", toast: "content:toasts.deleted" } : { status: "not_found" };
    }
  }
}
