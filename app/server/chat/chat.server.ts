/**
 * Chat (SPEC §2–§4, §7): the area's entry. Conversations and their lists live in
 * conversations.server.ts, messages (read, send, mark read) in messages.server.ts, who may
 * message whom in permission.server.ts (docs/decisions/050-chat-routes-and-sending.md).
 */
export * from "./conversations.server";
export * from "./messages.server";
export { directKey } from "./permission.server";
