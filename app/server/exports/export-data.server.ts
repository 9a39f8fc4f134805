import { sql } from "drizzle-orm";
import { batch, sqlRows } from "~/server/db/batch.server";

/**
 * What "Download my data" holds (issue 26 item 5, decision 162): what the person wrote or chose,
 * never what others wrote. One batch. Each kind becomes `<kind>.json` in the ZIP and a key of
 * the API's answer; `files` are the R2 objects that are theirs (avatar, post images, the
 * attachments of inbox messages they sent).
 */
export const EXPORT_KINDS = [
  "profile",
  "posts",
  "comments",
  "messages",
  "inbox",
  "events",
  "rsvps",
  "friends",
  "memberships",
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export type ExportData = Record<ExportKind, Record<string, unknown>[]>;
export type ExportFile = { key: string; path: string };

type Row = Record<string, unknown>;

export async function collectExportData(userId: number): Promise<{ data: ExportData; files: ExportFile[] }> {
  const rows = await batch({
    profile: sqlRows<Row>(sql`SELECT id, email, username, name, avatar, theme, locale, time_zone AS timeZone,
        created_at AS createdAt, activated_at AS activatedAt FROM users WHERE id = ${userId}`),
    posts: sqlRows<Row>(sql`SELECT p.id, p.community_id AS communityId, c.name AS communityName, p.body, p.images,
        p.status, p.created_at AS createdAt, p.edited_at AS editedAt
      FROM posts p JOIN communities c ON c.id = p.community_id WHERE p.author_id = ${userId} ORDER BY p.id`),
    comments: sqlRows<Row>(sql`SELECT id, post_id AS postId, parent_id AS parentId, body, created_at AS createdAt,
        edited_at AS editedAt FROM comments WHERE author_id = ${userId} ORDER BY id`),
    messages: sqlRows<Row>(sql`SELECT id, conversation_id AS conversationId, content, created_at AS createdAt
      FROM messages WHERE sender_id = ${userId} ORDER BY id`),
    inbox: sqlRows<Row>(sql`SELECT m.id, m.subject, m.body, m.reply_to_id AS replyToId, m.created_at AS createdAt,
        (SELECT json_group_array(json_object('id', a.id, 'filename', a.filename, 'contentType', a.content_type, 'size', a.size, 'key', a.key))
          FROM attachments a WHERE a.message_id = m.id) AS attachments
      FROM mail_messages m WHERE m.sender_id = ${userId} ORDER BY m.id`),
    events:
      sqlRows<Row>(sql`SELECT id, community_id AS communityId, title, description, location, starts_at AS startsAt,
        ends_at AS endsAt, all_day AS allDay, time_zone AS timeZone, recurrence, created_at AS createdAt
      FROM events WHERE created_by = ${userId} ORDER BY id`),
    rsvps: sqlRows<Row>(sql`SELECT r.event_id AS eventId, e.title AS eventTitle, r.occurrence_start AS occurrenceStart,
        r.status, r.updated_at AS updatedAt
      FROM event_rsvps r JOIN events e ON e.id = r.event_id WHERE r.user_id = ${userId} ORDER BY r.event_id, r.occurrence_start`),
    friends:
      sqlRows<Row>(sql`SELECT CASE WHEN f.requester_id = ${userId} THEN f.addressee_id ELSE f.requester_id END AS userId,
        u.name, f.status, CASE WHEN f.requester_id = ${userId} THEN 'sent' ELSE 'received' END AS direction,
        f.created_at AS createdAt, f.accepted_at AS acceptedAt
      FROM friendships f JOIN users u ON u.id = CASE WHEN f.requester_id = ${userId} THEN f.addressee_id ELSE f.requester_id END
      WHERE f.requester_id = ${userId} OR f.addressee_id = ${userId} ORDER BY userId`),
    memberships: sqlRows<Row>(sql`SELECT m.community_id AS communityId, c.name AS communityName, m.role, m.status,
        m.created_at AS createdAt
      FROM community_members m JOIN communities c ON c.id = m.community_id WHERE m.user_id = ${userId} ORDER BY m.community_id`),
  });
  const files: ExportFile[] = [];
  const avatar = rows.profile[0]?.avatar;
  if (typeof avatar === "string" && avatar.startsWith("avatars/")) {
    files.push({ key: avatar, path: `files/avatar/${avatar.split("/").at(-1)}` });
  }
  const posts = rows.posts.map((post) => {
    const images = JSON.parse(String(post.images ?? "[]")) as { key: string }[];
    for (const image of images)
      files.push({ key: image.key, path: `files/posts/${post.id}/${image.key.split("/").at(-1)}` });
    return { ...post, images: images.map((image) => `files/posts/${post.id}/${image.key.split("/").at(-1)}`) };
  });
  const inbox = rows.inbox.map((message) => {
    const attachments = JSON.parse(String(message.attachments ?? "[]")) as {
      id: number;
      filename: string;
      key: string;
    }[];
    return {
      ...message,
      attachments: attachments.map(({ key, ...attachment }) => {
        const path = `files/inbox/${message.id}/${attachment.id}-${attachment.filename.replace(/[/\\]/g, "_")}`;
        files.push({ key, path });
        return { ...attachment, path };
      }),
    };
  });
  return { data: { ...rows, posts, inbox }, files };
}
