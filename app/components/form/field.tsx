import { type InputHTMLAttributes, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** Translates a message key from a FormFailure ("ns:key"). */
export function useFormMessage() {
  const { t } = useTranslation();
  return t as unknown as Translate;
}

/**
 * A labelled input with its error under it. Errors are linked by aria-describedby and mark
 * the input aria-invalid, so screen readers announce them where the user is.
 */
export function Field({
  label,
  name,
  errors,
  hint,
  defaultValue,
  ...input
}: {
  label: string;
  name: string;
  errors?: string[];
  hint?: string;
  defaultValue?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "defaultValue">) {
  const message = useFormMessage();
  const id = input.id ?? `field-${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = Boolean(errors?.length);
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(" ") || undefined;
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
      <input
        {...input}
        ref={ref}
        // biome-ignore lint/a11y/noAutofocus: only after a failed submit, the person's own action
        autoFocus={invalid || input.autoFocus}
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p className="field-error" id={errorId}>
          {message(errors![0]!)}
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
