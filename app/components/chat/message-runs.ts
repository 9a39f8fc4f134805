import { type Clock, localDayOf } from "~/lib/date-format";
import type { ShownMessage } from "~/server/chat/messages.server";

/** A pause this long between two messages of one sender starts a new run (decision 229). */
export const RUN_PAUSE_MS = 5 * 60_000;

/**
 * Whether `message` continues the run of `previous`, the message shown just above it (decision
 * 229): the same sender, less than five minutes later, on the same day in the reader's zone. A
 * run shows its sender's avatar and name once, at its first message. Worked out from the list as
 * it is each render, so a message arriving live, an earlier page loaded above, or one deleted
 * regroups the runs around it.
 */
export function continuesRun(
  previous: Pick<ShownMessage, "senderId" | "createdAt"> | undefined,
  message: Pick<ShownMessage, "senderId" | "createdAt">,
  clock: Pick<Clock, "zone" | "from" | "to" | "changes">,
) {
  return (
    previous !== undefined &&
    message.senderId !== null &&
    previous.senderId === message.senderId &&
    message.createdAt - previous.createdAt < RUN_PAUSE_MS &&
    localDayOf(previous.createdAt, clock) === localDayOf(message.createdAt, clock)
  );
}
