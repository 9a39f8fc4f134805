import { type InputHTMLAttributes, type ReactNode, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "~/lib/i18n-lite/react";
import { type Translate, toTranslate } from "~/lib/translate";

/** What a field hands to its control: ids that tie the label, hint and error to it. */
export type ControlProps = {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/** Translates a message key from a FormFailure ("ns:key"). */
export function useFormMessage(): Translate {
  const { t } = useTranslation();
  return useMemo(() => toTranslate(t), [t]);
}

/**
 * A labelled control with its hint and its error under it. The error is linked by
 * aria-describedby and marks the control aria-invalid, so screen readers announce it where the
 * user is. An input by default; `children` renders another control (a select, a textarea).
 */
export function Field({
  label,
  name,
  errors,
  errorValues,
  hint,
  defaultValue,
  children,
  ...input
}: {
  label: string;
  name: string;
  /** i18next keys ("ns:key") from the form's schema or service; the first is shown. */
  errors?: string[];
  /** What the error's text interpolates, e.g. a limit. */
  errorValues?: Record<string, string | number>;
  hint?: string;
  defaultValue?: string;
  children?: (control: ControlProps) => ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "defaultValue" | "children">) {
  const message = useFormMessage();
  const id = input.id ?? `field-${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const error = errors?.[0];
  const invalid = Boolean(error);
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const control: ControlProps = { id, name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };
  const ref = useRef<HTMLInputElement>(null);
  // After a failed submit, focus goes to the form's message or its first invalid field
  // (decision 038): `autoFocus` on the server's page without JavaScript, this effect with it.
  useEffect(() => {
    const field = ref.current;
    if (!invalid || !field?.form) return;
    if (field.form.querySelector(".form-error") || field.form.querySelector("[aria-invalid='true']") !== field) return;
    field.focus();
  }, [invalid]);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children ? (
        children(control)
      ) : (
        <input
          {...input}
          {...control}
          ref={ref}
          // biome-ignore lint/a11y/noAutofocus: only after a failed submit, the person's own action
          autoFocus={invalid || input.autoFocus}
          defaultValue={defaultValue}
        />
      )}
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId}>
          {message(error, errorValues)}
        </p>
      ) : null}
    </div>
  );
}

/** The form-wide message of a failed submit, announced on arrival. */
export function FormError({ error, values }: { error?: string; values?: Record<string, string | number> }) {
  const message = useFormMessage();
  const ref = useRef<HTMLParagraphElement>(null);
  // Focus lands on the message, so it is read and seen (decision 038); without JavaScript
  // the browser does it from `autoFocus` when the page loads.
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  if (!error) return null;
  return (
    // biome-ignore lint/a11y/noAutofocus: only after a failed submit, the person's own action
    <p className="form-error" role="alert" tabIndex={-1} ref={ref} autoFocus>
      {message(error, values)}
    </p>
  );
}
