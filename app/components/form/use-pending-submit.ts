import { type useFetcher, useNavigation } from "react-router";

export type PendingMatch = {
  /** The form's action path (its query string is ignored). */
  action?: string;
  /** The form's `intent` field, for pages with several forms posting to one action. */
  intent?: string;
  /** A field only this form sends. */
  field?: string;
  /** Fields and the values this form sends in them: one form of a list, each for its own item. */
  values?: Record<string, string>;
  /** A fetcher form: pending while that fetcher is busy. */
  fetcher?: Pick<ReturnType<typeof useFetcher>, "state">;
};

/**
 * The one answer to "is this form being submitted?": a fetcher's own state, or the page's
 * navigation when it is a submission that matches this form (DESIGN §1: JavaScript adds the
 * pending state; without it the browser shows its own).
 */
export function usePendingSubmit(match: PendingMatch = {}): boolean {
  const navigation = useNavigation();
  if (match.fetcher) return match.fetcher.state !== "idle";
  if (navigation.state !== "submitting" || !navigation.formData) return false;
  if (match.action !== undefined && navigation.formAction?.split("?")[0] !== match.action) return false;
  if (match.intent !== undefined && navigation.formData.get("intent") !== match.intent) return false;
  if (match.field !== undefined && !navigation.formData.has(match.field)) return false;
  for (const [name, value] of Object.entries(match.values ?? {})) {
    if (navigation.formData.get(name) !== value) return false;
  }
  return true;
}
