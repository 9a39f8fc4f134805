import { isbot } from "isbot";

/**
 * Whether a User-Agent is a crawler's, remembered per isolate by its exact text: a browser sends
 * the same one on every page, and isbot's pattern gives the same answer for the same text
 * (decision 226). Bounded; the oldest goes first.
 */
const crawlers = new Map<string, boolean>();
const CRAWLERS_MAX = 200;

export function isCrawler(userAgent: string | null): boolean {
  if (!userAgent) return false;
  let known = crawlers.get(userAgent);
  if (known === undefined) {
    known = isbot(userAgent);
    if (crawlers.size >= CRAWLERS_MAX) crawlers.delete(crawlers.keys().next().value as string);
    crawlers.set(userAgent, known);
  }
  return known;
}
