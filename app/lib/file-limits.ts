/**
 * The sizes and counts of what people upload, as plain numbers: the server's checks
 * (server/files, server/inbox, the roster) and the texts that name them (./text-values.ts) read
 * them here, so the pages' bundles get numbers without the server's modules.
 */
/** Avatars of people and communities (SPEC §9 sizes): at most 5 MB. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Photos on a post (decision 066): up to 4, each at most 8 MB as uploaded. */
export const POST_IMAGES_MAX = 4;
export const POST_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Any uploaded picture, read from its header before decoding (decision 114). */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Inbox attachments (decision 064): at most 5 files of 10 MB each. */
export const MAX_ATTACHMENTS = 5;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** A roster is at most this many rows (issue 25 item 3). */
export const ROSTER_MAX_ROWS = 500;

export const MB = 1024 * 1024;
