import type { ButtonHTMLAttributes, ReactNode } from "react";

/**
 * A form's submit button: disabled and relabelled while its form is pending (usePendingSubmit),
 * so a second tap cannot send the form twice.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  disabled,
  ...button
}: {
  pending: boolean;
  pendingLabel?: ReactNode;
  children: ReactNode;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "children">) {
  return (
    <button type="submit" {...button} disabled={disabled || pending} aria-busy={pending || undefined}>
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
