import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";

/**
 * An invitation's page (a community's link, an e-mailed invitation): for a guest, the ways in
 * (register, sign in) that come back here; for a signed-in person, the one button that joins
 * (a GET never joins), with the last try's error above it.
 */
export function InvitationPage({
  title,
  text,
  guest,
  error,
}: {
  title: string;
  text: ReactNode;
  guest: { text: string; register: string; signIn: string } | null;
  error?: string | null;
}) {
  const { t } = useTranslation("invitations");
  return (
    <main id="main">
      <h1>{title}</h1>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : (
        text
      )}
      {guest ? (
        <>
          <p>{guest.text}</p>
          <p className="invite-join">
            <Link className="button" to={guest.register}>
              {t("join.register")}
            </Link>
            <Link to={guest.signIn}>{t("join.signIn")}</Link>
          </p>
        </>
      ) : (
        <form method="post">
          <button type="submit">{t("join.accept")}</button>
        </form>
      )}
    </main>
  );
}
