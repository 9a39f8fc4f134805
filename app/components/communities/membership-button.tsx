import { Form } from "react-router";
import { ConfirmForm } from "~/components/confirm-form";
import type { JoinAction } from "~/lib/community-rules";
import { useTranslation } from "~/lib/i18n-lite/react";

/**
 * The join / request / cancel / leave / invitation controls of a community. Leaving and
 * cancelling ask first (DESIGN §1): a dialog with JavaScript, a page of the action without.
 */
export function MembershipButton({
  communityId,
  name,
  action,
}: {
  communityId: number;
  name: string;
  action: JoinAction;
}) {
  const { t } = useTranslation("communities");
  const target = `/communities/${communityId}`;
  if (action === "none") return null;
  if (action === "leave" || action === "cancel") {
    return (
      <ConfirmForm
        action={target}
        fields={{ intent: action }}
        question={t(action === "leave" ? "actions.confirmLeave" : "actions.confirmCancel", { name })}
        confirmLabel={t("actions.yes")}
        cancelLabel={t("actions.no")}
        buttonClassName="button-secondary"
        className="membership-form"
      >
        {t(`actions.${action}`)}
      </ConfirmForm>
    );
  }
  if (action === "accept") {
    return (
      <div className="membership-form">
        <Form method="post" action={target}>
          <input type="hidden" name="intent" value="accept" />
          <button type="submit">{t("actions.accept")}</button>
        </Form>
        <Form method="post" action={target}>
          <input type="hidden" name="intent" value="decline" />
          <button type="submit" className="button-secondary">
            {t("actions.decline")}
          </button>
        </Form>
      </div>
    );
  }
  return (
    <Form method="post" action={target} className="membership-form">
      <input type="hidden" name="intent" value={action} />
      <button type="submit">{t(`actions.${action}`)}</button>
    </Form>
  );
}
