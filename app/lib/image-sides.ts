/** Avatars are shown at 64 px at most; 512 leaves room for sharp screens (SPEC §9). */
export const AVATAR_MAX_SIDE = 512;

/** Photos in posts: sharp across a phone or a laptop column, a few hundred KB (decision 066). */
export const POST_IMAGE_MAX_SIDE = 1600;
