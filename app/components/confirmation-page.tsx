import type { ReactNode } from "react";
import { Form, Link } from "react-router";

/**
 * The page an action answers a destructive post with when it lacks `confirmed=1`: without
 * JavaScript there was no dialog, so this page asks (DESIGN §1, beside ./confirm-form.tsx). Its
 * form re-posts the same fields with `confirmed=1`; cancelling goes back where the user was.
 */
export function ConfirmationPage({
  title,
  question,
  fields = {},
  confirmLabel,
  cancelLabel,
  cancelTo,
}: {
  title: string;
  question: ReactNode;
  /** The fields of the original post (an `intent`, a `returnTo`…). */
  fields?: Record<string, string>;
  confirmLabel: string;
  cancelLabel: string;
  cancelTo: string;
}) {
  return (
    <main id="main" className="confirm-page">
      <title>{title}</title>
      <h1>{title}</h1>
      <p>{question}</p>
      <Form method="post" className="confirm-actions">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="1" />
        <button type="submit">{confirmLabel}</button>
        <Link to={cancelTo}>{cancelLabel}</Link>
      </Form>
    </main>
  );
}
