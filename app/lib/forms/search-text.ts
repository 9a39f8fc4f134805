import { z } from "zod";
import { SEARCH_TEXT_MAX, SEARCH_TOO_LONG, searchLength } from "~/lib/search-text";

/**
 * The search-text rule (~/lib/search-text.ts, decision 113) as a zod field, for search parameters
 * parsed with a schema (the API's 400). Apart from the rule itself so that zod stays on the
 * server (decision 100): the search boxes import the rule's numbers, not this.
 */
export const searchTextField = z
  .string()
  .trim()
  .refine((text) => searchLength(text) <= SEARCH_TEXT_MAX, { error: SEARCH_TOO_LONG })
  .default("");
