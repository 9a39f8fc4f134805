/**
 * Comments being written and not yet sent (decision 236), by the box they were written in: its
 * form's action without the page it returns to ("/content/5?intent=comment&parentId=9"), so the
 * same post's box on another page is the same box. A link's navigation that lands while the
 * reader types (or any page change) would otherwise take the text with the page: the next page
 * that shows that box gets it back. In memory only: a shared school Chromebook keeps no one's
 * unsent words after the tab closes.
 */
const drafts = new Map<string, string>();
/** The box typed in last, so the page that replaces it gives its copy the focus. */
let typedIn: string | null = null;

function draftKey(form: HTMLFormElement | null): string | null {
  if (!form?.classList.contains("comment-form")) return null;
  const url = new URL(form.getAttribute("action") ?? "", "http://x");
  url.searchParams.delete("returnTo");
  return url.pathname + url.search;
}

/** A comment box's text, kept until it is sent or emptied. */
export function keepDraft(box: EventTarget | null) {
  if (!(box instanceof HTMLTextAreaElement)) return;
  const key = draftKey(box.form);
  if (!key) return;
  typedIn = key;
  if (box.value.trim() === "") drafts.delete(key);
  else drafts.set(key, box.value);
}

/** Sent (or held to send by the outbox): no longer a draft. */
export function dropDraft(form: HTMLFormElement) {
  const key = draftKey(form);
  if (key) drafts.delete(key);
}

/**
 * Puts kept texts back in the page's empty comment boxes, and the focus in the box last typed in
 * if it went with the old page.
 */
export function restoreDrafts() {
  if (drafts.size === 0) return;
  for (const form of document.querySelectorAll<HTMLFormElement>("form.comment-form")) {
    const key = draftKey(form);
    const box = form.querySelector("textarea");
    const text = key ? drafts.get(key) : undefined;
    if (!box || !text || box.value !== "") continue;
    box.value = text;
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (key === typedIn && focusLost) {
      box.focus({ preventScroll: true });
      box.setSelectionRange(text.length, text.length);
    }
  }
}
