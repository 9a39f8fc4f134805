import { useEffect } from "react";
import { useFetcher, useLocation } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";
import { THEMES, type Theme } from "~/lib/themes";

/**
 * A plain form (select + button) that posts to /theme, so it works without JavaScript.
 * With JavaScript the choice applies on change, before the server answers.
 */
export function ThemeSwitch({ current }: { current: Theme }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  const pending = fetcher.formData?.get("theme");
  const shown = (typeof pending === "string" ? pending : current) as Theme;

  useEffect(() => {
    document.documentElement.className = shown;
  }, [shown]);

  return (
    <fetcher.Form method="post" action="/theme" className="theme-switch">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <label htmlFor="theme-select">{t("theme.label")}</label>
      <select
        id="theme-select"
        name="theme"
        value={shown}
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
      >
        {THEMES.map((theme) => (
          <option key={theme} value={theme}>
            {t(`theme.names.${theme}`)}
          </option>
        ))}
      </select>
      {/* Kept with JavaScript too: it is the only way to apply before hydration. */}
      <button type="submit" className="button button-small">
        {t("theme.apply")}
      </button>
    </fetcher.Form>
  );
}
