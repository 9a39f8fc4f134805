import { type SQL, sql } from "drizzle-orm";
import { DEFAULT_NOTIFICATION_SETTINGS } from "~/lib/forms/notification-settings";
import { sqlRows } from "~/server/db/batch.server";
import { apiTranslator } from "~/server/http/json.server";
import { enqueue } from "~/server/queue/queue.server";
import { notificationOrigin } from "./origin.server";
import type { PushPayload, PushTitle } from "./push.server";

/** What a post's push jobs carry: the payload, and its title as a text key. */
export type PostPush = ReturnType<typeof postPushPayload>;

/**
 * Pushes about posts (issue 23 items 4 and 6, decision 183). A new post reaches the devices of
 * members who chose to hear of posts "right away" and had no socket open for its banner; an
 * urgent post reaches every member's devices at once, through quiet hours, whatever they chose.
 * The content area says who the members are; this module owns what the push says and whom the
 * settings let it reach.
 */

/** Users a push job names: its devices are one request each, well under a Worker's subrequests. */
export const PUSH_USERS_PER_JOB = 100;

/** What the push names, read in the fan-out's batch: nothing when the post is gone or pending. */
export type PostPushFacts = { author: string | null; community: string; body: string; urgent: number };

export function postPushFactsQuery(postId: number) {
  return sqlRows<PostPushFacts>(sql`SELECT (SELECT name FROM users WHERE id = p.author_id) AS author,
      c.name AS community, p.body, p.urgent_at IS NOT NULL AS urgent
    FROM posts p JOIN communities c ON c.id = p.community_id WHERE p.id = ${postId} AND p.status = 'published'`);
}

/**
 * Whether the user in `userColumn` asked for posts "right away" (their settings, or the default
 * daily digest without a row): the condition a fan-out's member query selects by.
 */
export function wantsPostsNowSql(userColumn: SQL) {
  return sql`coalesce((SELECT ns.posts_email FROM notification_settings ns WHERE ns.user_id = ${userColumn}),
    ${DEFAULT_NOTIFICATION_SETTINGS.email.posts}) = 'immediate'`;
}

const shortened = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

/**
 * The push: who posted where (or "Urgent: <community>"), the start of the text, opening the post.
 * The title also goes as its text key, so each recipient reads it in their own language.
 */
export function postPushPayload(postId: number, facts: PostPushFacts): { payload: PushPayload; titleText: PushTitle } {
  const t = apiTranslator();
  const name = facts.author ?? t("notifications:mail.someone");
  const titleText: PushTitle = facts.urgent
    ? { key: "notifications:push.urgentPost", values: { community: facts.community } }
    : { key: "notifications:push.newPost", values: { name, community: facts.community } };
  return {
    payload: {
      title: t(titleText.key, titleText.values),
      body: shortened(facts.body),
      url: `${notificationOrigin()}/content/${postId}`,
      tag: `post-${postId}`,
    },
    titleText,
  };
}

/**
 * Push jobs for these users, PUSH_USERS_PER_JOB to a job; each recipient of another language
 * reads the post's words translated (the `item`). `throughQuiet` for urgent posts only.
 */
export function pushPostLater(postId: number, userIds: number[], push: PostPush, throughQuiet = false) {
  for (let start = 0; start < userIds.length; start += PUSH_USERS_PER_JOB) {
    enqueue("push", {
      userIds: userIds.slice(start, start + PUSH_USERS_PER_JOB),
      ...push,
      item: { kind: "post", id: postId },
      ...(throughQuiet ? { throughQuiet } : {}),
    });
  }
}
