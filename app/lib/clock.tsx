import { createContext, useContext } from "react";
import { type Clock, formatFull, formatWhen } from "./date-format";

/** A clock in UTC for what renders outside the signed-in root (tests, error pages). */
const UTC_CLOCK: Clock = {
  zone: "UTC",
  from: 0,
  to: Number.MAX_SAFE_INTEGER,
  changes: [0, 0],
  now: 0,
  language: "en",
  words: { justNow: "Just now", minutes: "{{n}} min", yesterday: "Yesterday {{time}}" },
};

/** The page's clock (decision 121), provided by the root from its loader. */
export const ClockContext = createContext<Clock>(UTC_CLOCK);

export const useClock = () => useContext(ClockContext);

/** A time as the viewer reads it; `dateTime` carries the exact instant, the title the local date and time. */
// Hook-free: post cards call it as a plain function, by the clock they read once (decision 192).
export function When({ at, clock, className }: { at: number; clock: Clock; className?: string }) {
  return (
    <time className={className} dateTime={new Date(at).toISOString()} title={formatFull(at, clock)}>
      {formatWhen(at, clock)}
    </time>
  );
}
