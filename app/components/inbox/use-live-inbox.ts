import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { notificationPath } from "~/lib/notification-url";
import { realtimeEvents } from "~/realtime/events";

/**
 * With JavaScript the open mailbox gains a new message the moment its notification arrives on
 * the socket (decision 063): the list reloads its data, as a reload would without JavaScript.
 */
export function useLiveInbox() {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(
    () =>
      realtimeEvents.on("notification", (data) => {
        if (data.deleted || !notificationPath(data.url).startsWith("/messagesold/")) return;
        if (latest.current.state === "idle") void latest.current.revalidate();
      }),
    [],
  );
}
