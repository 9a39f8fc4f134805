import { type FormEvent, type ReactNode, useState } from "react";
import { useFetchers, useSubmit } from "react-router";

/** One item's form: where it posts, what it sends, and (for a confirmation) what it asks. */
export type ListForm = {
  action: string;
  fields: Record<string, string>;
  /** Asked first in a dialog (DESIGN §1), as ConfirmForm does; without it the form posts at once. */
  question?: string;
  /** Runs as the confirmed post leaves (a deleted message vanishes at once). */
  onConfirm?: () => void;
  className?: string;
  buttonClassName?: string;
  children: ReactNode;
};

type Asking = { key: string; form: ListForm };

/** The form's identity: its action and the fields it sends, so a submitted form finds its item. */
const keyOf = (action: string, fields: Iterable<[string, string]>) =>
  `list-form:${action}?${new URLSearchParams([...fields].filter(([name]) => name !== "confirmed"))}`;

/**
 * ConfirmForm and fetcher forms for a list of items (decision 211): the same markup (a plain
 * <form> that posts without JavaScript, where the action asks on a page of its own), but the
 * hooks once for the list instead of a fetcher, a state and a navigation reading per item. A
 * list of 50 people or messages ran ~10 router hooks per form. Hydrated, the list's `onSubmit`
 * (put it on the list's element) asks in the list's one dialog, then posts through a fetcher keyed
 * by the form, so each item still shows its own pending state and posts run side by side.
 */
export function useListForms({ confirmLabel, cancelLabel }: { confirmLabel: string; cancelLabel: string }) {
  const submit = useSubmit();
  const busy = new Set(
    useFetchers()
      .filter((fetcher) => fetcher.state !== "idle")
      .map((fetcher) => fetcher.key),
  );
  const [asking, setAsking] = useState<Asking | null>(null);
  // This render's forms by key (filled as the list renders): the handler finds what a form asks.
  const forms = new Map<string, ListForm>();

  const post = (key: string, form: ListForm, confirmed: boolean) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(form.fields)) data.set(name, value);
    if (confirmed) data.set("confirmed", "1");
    submit(data, { method: "post", action: form.action, navigate: false, fetcherKey: key });
  };

  function onSubmit(event: FormEvent<HTMLElement>) {
    const element = event.target as HTMLFormElement;
    const fields = [...new FormData(element)].map(([name, value]) => [name, String(value)] as [string, string]);
    const key = keyOf(element.getAttribute("action") ?? "", fields);
    const form = forms.get(key);
    if (!form) return; // not one of the list's forms: its own handler, or the browser, sends it
    event.preventDefault();
    if (form.question) setAsking({ key, form });
    else post(key, form, false);
  }

  function render(form: ListForm) {
    const key = keyOf(form.action, Object.entries(form.fields));
    forms.set(key, form);
    const pending = busy.has(key);
    return (
      <form method="post" action={form.action} className={form.className}>
        {Object.entries(form.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={form.buttonClassName} disabled={pending} aria-busy={pending || undefined}>
          {form.children}
        </button>
      </form>
    );
  }

  const dialog = asking ? (
    <dialog
      ref={(element) => {
        if (element?.open === false) element.showModal();
      }}
      className="confirm-dialog"
      aria-label={asking.form.question}
      onClose={() => setAsking(null)}
    >
      <p>{asking.form.question}</p>
      <form
        method="post"
        action={asking.form.action}
        className="confirm-actions"
        onSubmit={(event) => {
          event.preventDefault();
          event.currentTarget.closest("dialog")?.close();
          asking.form.onConfirm?.();
          post(asking.key, asking.form, true);
        }}
      >
        <button type="submit">{confirmLabel}</button>
        <button
          type="button"
          className="button-secondary"
          onClick={(event) => event.currentTarget.closest("dialog")?.close()}
        >
          {cancelLabel}
        </button>
      </form>
    </dialog>
  ) : null;

  return { render, onSubmit, dialog };
}
