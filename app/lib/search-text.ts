/**
 * Every search box (people, group members, communities, schools) reads what was typed here
 * (decision 113): at most SEARCH_TEXT_MAX characters of any kind, whitespace trimmed. The text
 * is matched as plain characters (~/server/db/contains-text.server.ts), so `%`, `_` and emoji
 * are what they look like, and no query can make D1 refuse its pattern.
 */
export const SEARCH_TEXT_MAX = 100;

/** The message at a search box, and in a 400's `fields.q`, for a longer text. */
export const SEARCH_TOO_LONG = "common:search.tooLong";

/** `text`: what to search for ("" when too long); `typed`: what goes back in the box, all of it. */
export type SearchText = { text: string; typed: string; tooLong: boolean };

/** Characters as people count them: an emoji is one, as the input's maxLength nearly counts. */
export const searchLength = (text: string) => [...text].length;

/** What the user typed into a search: trimmed; over the limit it is not searched (`text` is ""). */
export function readSearchText(raw: string | null | undefined): SearchText {
  const typed = (raw ?? "").trim();
  return searchLength(typed) > SEARCH_TEXT_MAX
    ? { text: "", typed, tooLong: true }
    : { text: typed, typed, tooLong: false };
}
