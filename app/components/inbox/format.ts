import { useClock } from "~/lib/clock";
import { formatWhen } from "~/lib/date-format";

/**
 * When a message was sent, in the viewer's zone, as every page writes times (decision 121):
 * "5 min", "Yesterday 3:20 PM", "Nov 18".
 */
export function useMailDate() {
  const clock = useClock();
  return (at: number) => formatWhen(at, clock);
}

/** "1.2 MB", "340 KB". */
export function formatSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
