/**
 * A community's and a post's lengths, for the forms' inputs and the texts that name them: plain
 * constants, so pages put them on their inputs without shipping zod to the browser (like
 * ./account.ts); the rules are in ./forms/communities.ts and ./forms/content.ts.
 */
export const COMMUNITY_NAME_MAX_LENGTH = 80;
export const COMMUNITY_DESCRIPTION_MAX_LENGTH = 2000;
export const POST_MAX_LENGTH = 10_000;
export const COMMENT_MAX_LENGTH = 2000;
/** A community's address (/{slug}); ./forms/communities.ts builds its pattern from it. */
export const COMMUNITY_SLUG_MAX_LENGTH = 50;
/** The name, username or address a manager types to invite someone. */
export const INVITE_WHO_MAX_LENGTH = 100;
/** An event's title, location and description (./forms/events.ts). */
export const EVENT_TITLE_MAX_LENGTH = 200;
export const EVENT_LOCATION_MAX_LENGTH = 200;
export const EVENT_DESCRIPTION_MAX_LENGTH = 5000;
/** The events (series count once) a calendar month shows, the first by start; the page says when there are more. */
export const MONTH_EVENTS_MAX = 500;
