import { US_STATES } from "~/lib/us-states";

/** Zones offered in the event form; the community's own comes first when it is not listed. */
export const COMMON_ZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
  "America/Detroit",
  "America/Indiana/Indianapolis",
  "America/Boise",
  "Europe/London",
  "UTC",
];

export function zoneOptions(current: string) {
  return COMMON_ZONES.includes(current) ? COMMON_ZONES : [current, ...COMMON_ZONES];
}

/** A community's zone: its school's state's, else the viewer's, else New York (decision 056). */
export function defaultZone(state: string | null | undefined, viewer: string | null) {
  return (state ? US_STATES[state]?.zone : undefined) ?? viewer ?? "America/New_York";
}
