import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export type ControlProps = {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/**
 * A labelled control with its hint and its error under it. The error is linked by
 * aria-describedby and marks the control aria-invalid, so it is announced where the user is.
 */
export function ContactField({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  /** An i18next key ("ns:key") from the form schema. */
  error?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const { t } = useTranslation();
  const translate = t as unknown as (key: string) => string;
  const id = `contact-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined })}
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {translate(error)}
        </p>
      ) : null}
    </div>
  );
}
