import { useId, useRef } from "react";
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
 */
export function ConfirmForm(props: ConfirmFormProps) {
  const fetcher = useFetcher();
  const dialog = useRef<HTMLDialogElement>(null);
  const questionId = useId();
  const hidden = Object.entries(props.fields ?? {}).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
  return (
    <>
      <fetcher.Form
        method="post"
        action={props.action}
        className={props.className}
        onSubmit={(event) => {
          // Hydrated: ask here instead of on a page of its own.
          event.preventDefault();
          dialog.current?.showModal();
        }}
      >
        {hidden}
        <SubmitButton
          className={props.buttonClassName}
          disabled={props.disabled}
          pending={usePendingSubmit({ fetcher })}
        >
          {props.children}
        </SubmitButton>
      </fetcher.Form>
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby={questionId}>
        <p id={questionId}>{props.question}</p>
        <fetcher.Form
          method="post"
          action={props.action}
          className="confirm-actions"
          onSubmit={(event) => {
            dialog.current?.close();
            props.onConfirm?.();
            // Close an enclosing dropdown too: the page beneath updates.
            const menu = event.currentTarget.closest("details");
            if (menu) menu.open = false;
          }}
        >
          {hidden}
          <input type="hidden" name="confirmed" value="1" />
          <button type="submit">{props.confirmLabel}</button>
          <button type="button" className="button-secondary" onClick={() => dialog.current?.close()}>
            {props.cancelLabel}
          </button>
        </fetcher.Form>
      </dialog>
    </>
  );
}
