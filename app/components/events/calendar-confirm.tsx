import type { ReactNode } from "react";
import { ConfirmForm } from "~/components/confirm-form";
import { useTranslation } from "~/lib/i18n-lite/react";

/**
 * The calendar's destructive buttons (cancel an event or one date, turn off the feed): the app's
 * ConfirmForm (DESIGN §1) with the calendar's "Yes" and "Cancel".
 */
export function CalendarConfirm({
  secondary = false,
  ...form
}: {
  action: string;
  fields: Record<string, string>;
  question: string;
  secondary?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("events");
  return (
    <ConfirmForm
      {...form}
      confirmLabel={t("confirm.yes")}
      cancelLabel={t("confirm.no")}
      buttonClassName={secondary ? "button-secondary" : undefined}
    />
  );
}
