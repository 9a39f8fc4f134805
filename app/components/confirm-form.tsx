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
 * what the browser had to build and hydrate.
 */
export function ConfirmForm(props: ConfirmFormProps) {
  const [asking, setAsking] = useState(false);
  // The dialog, and with it the fetcher, exist from the first ask on: until then the button is
  // a plain form, so a page of dozens renders no fetcher for them (decision 188).
  const [asked, setAsked] = useState(false);
  const [pending, setPending] = useState(false);
  const hidden = Object.entries(props.fields ?? {}).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
  return (
    <>
      <form
        method="post"
        action={props.action}
        className={props.className}
        // As React Router's forms say it: the route to learn before a submission.
        data-discover="true"
        onSubmit={(event) => {
          // Hydrated: ask here instead of on a page of its own.
          event.preventDefault();
          setAsked(true);
          setAsking(true);
        }}
      >
        {hidden}
        <SubmitButton className={props.buttonClassName} disabled={props.disabled} pending={pending}>
          {props.children}
        </SubmitButton>
      </form>
      {asked ? (
        <ConfirmDialog {...props} hidden={hidden} open={asking} close={() => setAsking(false)} onPending={setPending} />
      ) : null}
    </>
  );
}

/** The question, open while asking; its fetcher sends the confirmed post and says when it is pending. */
function ConfirmDialog({
  action,
  question,
  confirmLabel,
  cancelLabel,
  onConfirm,
  hidden,
  open,
  close,
  onPending,
}: ConfirmFormProps & {
  hidden: React.ReactNode;
  open: boolean;
  close: () => void;
  onPending: (pending: boolean) => void;
}) {
  const fetcher = useFetcher();
  const pending = usePendingSubmit({ fetcher });
  useEffect(() => onPending(pending), [pending, onPending]);
  return open ? (
    <dialog
      ref={(dialog) => {
        if (dialog?.open === false) dialog.showModal();
      }}
      className="confirm-dialog"
      aria-label={question}
      onClose={close}
    >
      <p>{question}</p>
      <fetcher.Form
        method="post"
        action={action}
        className="confirm-actions"
        onSubmit={(event) => {
          event.currentTarget.closest("dialog")?.close();
          onConfirm?.();
          // Close an enclosing dropdown too: the page beneath updates.
          const menu = event.currentTarget.closest("details");
          if (menu) menu.open = false;
        }}
      >
        {hidden}
        <input type="hidden" name="confirmed" value="1" />
        <button type="submit">{confirmLabel}</button>
        <button
          type="button"
          className="button-secondary"
          onClick={(event) => event.currentTarget.closest("dialog")?.close()}
        >
          {cancelLabel}
        </button>
      </fetcher.Form>
    </dialog>
  ) : null;
}
