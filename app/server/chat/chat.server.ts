/**
 * Chat (SPEC §2–§4, §7): the area's entry. Conversations and their lists live in
 * conversations.server.ts, messages in messages.server.ts (read), read-marks.server.ts (mark read) and
 * message-writes.server.ts (send, delete), who may
 * message whom in permission.server.ts (docs/decisions/050-chat-routes-and-sending.md), groups
 * (create, rename, add, leave) in groups.server.ts (decision 060).
 */
export * from "./conversations.server";
export * from "./direct-chat.server";
export * from "./groups.server";
export * from "./message-writes.server";
export * from "./messages.server";
export { directKey } from "./permission.server";
export * from "./read-marks.server";
