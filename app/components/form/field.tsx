import type { InputHTMLAttributes } from "react";
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
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
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
  if (!error) return null;
  return (
    <p className="form-error" role="alert">
      {message(error, values)}
    </p>
  );
}
