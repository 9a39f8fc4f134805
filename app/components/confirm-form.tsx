import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { SubmitButton } from "./form/submit-button";
import { usePendingSubmit } from "./form/use-pending-submit";

type ConfirmFormProps = {
  action: string;
  /** Hidden fields sent with the post (an `intent`, a `returnTo`…). */
  fields?: Record<string, string>;
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  children: React.ReactNode;
  disabled?: boolean;
  className?: string;
  buttonClassName?: string;
  /** Runs as the confirmed post leaves: optimistic UI (a deleted chat message vanishes at once). */
  onConfirm?: () => void;
};

/**
 * DESIGN §1 confirmations: with JavaScript a modal <dialog> asks and the form posts
 * `confirmed=1`; without it, the button posts without `confirmed` and the action answers
 * with a page that asks. The action decides on `confirmed` alone.
 *
 * The dialog exists only while it asks (decision 076): a page of posts, comments or people has
 * dozens of these buttons, and a prerendered dialog with its own form for each was most of
 * what the browser had to build and hydrate. Its fetcher too is made the first time the button
 * asks (decision 213): until then a button costs one state, not a fetcher's dozen hooks, on the
 * server and when it hydrates. The fetcher then stays, so the button shows the post pending.
 */
export function ConfirmForm(props: ConfirmFormProps) {
  // null: never asked (no fetcher yet); false: asked before, the dialog closed; true: asking.
  const [asking, setAsking] = useState<boolean | null>(null);
  const [pending, setPending] = useState(false);
  const hidden = Object.entries(props.fields ?? {}).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
  return (
    <>
      {/* A plain form: it never sends with JavaScript (the dialog's form does), so React Router's
          form would be render work for nothing, dozens of times on a page of posts (decision 188). */}
      <form
        method="post"
        action={props.action}
        className={props.className}
        onSubmit={(event) => {
          // Hydrated: ask here instead of on a page of its own.
          event.preventDefault();
          setAsking(true);
        }}
      >
        {hidden}
        <SubmitButton className={props.buttonClassName} disabled={props.disabled} pending={pending}>
          {props.children}
        </SubmitButton>
      </form>
      {asking === null ? null : (
        <ConfirmDialog
          {...props}
          hidden={hidden}
          open={asking}
          onClose={() => setAsking(false)}
          onPending={setPending}
        />
      )}
    </>
  );
}

/** The question and its fetcher, once asked; the fetcher's state goes up to the button. */
function ConfirmDialog({
  hidden,
  open,
  onClose,
  onPending,
  ...props
}: ConfirmFormProps & {
  hidden: React.ReactNode;
  open: boolean;
  onClose: () => void;
  onPending: (pending: boolean) => void;
}) {
  const fetcher = useFetcher();
  const pending = usePendingSubmit({ fetcher });
  useEffect(() => onPending(pending), [pending, onPending]);
  if (!open) return null;
  return (
    <dialog
      ref={(dialog) => {
        if (dialog?.open === false) dialog.showModal();
      }}
      className="confirm-dialog"
      aria-label={props.question}
      onClose={onClose}
    >
      <p>{props.question}</p>
      <fetcher.Form
        method="post"
        action={props.action}
        className="confirm-actions"
        onSubmit={(event) => {
          const dialog = event.currentTarget.closest("dialog");
          // The asking form is rendered right before its dialog.
          if (dialog?.previousElementSibling) keepFocusNear(dialog.previousElementSibling);
          dialog?.close();
          props.onConfirm?.();
          // Close an enclosing dropdown too: the page beneath updates.
          const menu = event.currentTarget.closest("details");
          if (menu) menu.open = false;
        }}
      >
        {hidden}
        <input type="hidden" name="confirmed" value="1" />
        <button type="submit">{props.confirmLabel}</button>
        <button
          type="button"
          className="button-secondary"
          onClick={(event) => event.currentTarget.closest("dialog")?.close()}
        >
          {props.cancelLabel}
        </button>
      </fetcher.Form>
    </dialog>
  );
}

const CONTROLS = "a[href], button:not(:disabled), summary, textarea, input:not([type=hidden])";

/**
 * A confirmed post often takes its own button away (a deleted message, post or comment; Unfriend
 * turning into Add friend), and focus fell to <body>: a keyboard or screen reader user was back at
 * the top of the page. Once the button has gone, focus goes to the first control of its item if
 * that is still there, else of the item after it, else before it (decision 219), else of what
 * follows its list (decision 225). Only while focus is lost, and for 10 s at most.
 */
function keepFocusNear(trigger: Element) {
  const item = trigger.closest("li, article") ?? trigger.parentElement;
  // The list's own next element last: the only comment deleted leaves the comment box after its
  // list, the only reply its thread's reply box (decision 225).
  const places = [
    item,
    item?.nextElementSibling,
    item?.previousElementSibling,
    item?.parentElement?.nextElementSibling,
  ];
  const observer = new MutationObserver(() => {
    if (trigger.isConnected || (document.activeElement && document.activeElement !== document.body)) return;
    observer.disconnect();
    for (const place of places) {
      const control = place?.isConnected
        ? place.matches(CONTROLS)
          ? (place as HTMLElement)
          : place.querySelector<HTMLElement>(CONTROLS)
        : null;
      if (control) return control.focus();
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), 10_000);
}
