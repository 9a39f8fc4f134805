import { useTranslation } from "~/lib/i18n-lite/react";

/** The join-code field (at /communities and /join): a plain form posting to /join. */
export function JoinCodeForm({ error, value }: { error?: string | null; value?: string }) {
  const { t } = useTranslation("invitations");
  return (
    <form method="post" action="/join" className="invite-join">
      <label>
        {t("join.codeLabel")}{" "}
        <input
          name="code"
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={16}
          defaultValue={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "join-code-error" : undefined}
        />
      </label>
      <button type="submit">{t("join.submit")}</button>
      {error ? (
        <p id="join-code-error" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
