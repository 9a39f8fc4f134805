/**
 * The page of an event, about one of its dates when `occurrenceStart` (the date's original
 * start) is given: answers are per date (decision 058), so every list links to its date.
 */
export function eventHref(eventId: number, occurrenceStart?: number | null): string {
  const path = `/calendar/events/${eventId}`;
  return occurrenceStart === undefined || occurrenceStart === null ? path : `${path}?on=${occurrenceStart}`;
}
