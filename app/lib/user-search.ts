/** /profile/friends search limits (decision 022), shared by the form and the service; the longest is ~/lib/search-text.ts. */
export const USER_SEARCH_MIN_LENGTH = 2;
export const USER_SEARCH_LIMIT = 20;
