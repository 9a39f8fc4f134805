import { useLocation } from "react-router";
import { ConfirmForm } from "~/components/confirm-form";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import friends from "~/locales/en/friends.json";

registerNamespace("friends", friends);

export const blockActionPath = (id: number) => `/users/${id}/block`;

/**
 * "Block" (decision 160): on a profile, in the avatar popup and in a direct chat. It asks first
 * (a dialog, or the action's page without JavaScript); "Unblock" when already blocked.
 */
export function BlockControl({ user, blocked = false }: { user: { id: number; name: string }; blocked?: boolean }) {
  const { t } = useTranslation("friends");
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  if (blocked) return <UnblockForm userId={user.id} returnTo={returnTo} label={t("block.unblock")} />;
  return (
    <ConfirmForm
      action={blockActionPath(user.id)}
      fields={{ intent: "block", returnTo }}
      question={t("block.question", { name: user.name })}
      confirmLabel={t("block.button")}
      cancelLabel={t("confirm.no")}
      className="block-form"
      buttonClassName="button-secondary"
    >
      {t("block.button")}
    </ConfirmForm>
  );
}

/** The undo: a plain form, so it works before JavaScript and inside lists that route their forms. */
export function UnblockForm({ userId, returnTo, label }: { userId: number; returnTo: string; label: string }) {
  return (
    <form method="post" action={blockActionPath(userId)} className="unblock-form">
      <input type="hidden" name="intent" value="unblock" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className="button-secondary">
        {label}
      </button>
    </form>
  );
}

/** What the blocker sees instead of a blocked person's post, comment or message, with the undo. */
export function HiddenByBlock({
  userId,
  returnTo,
  text,
  undo,
}: {
  userId: number;
  returnTo: string;
  text: string;
  undo: string;
}) {
  return (
    <div className="hidden-by-block" data-hidden-by-block={userId}>
      <p>{text}</p>
      <UnblockForm userId={userId} returnTo={returnTo} label={undo} />
    </div>
  );
}
