import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";
import { SEARCH_TEXT_MAX } from "~/lib/search-text";

type Suggestion = { id: number; name: string; city: string | null; state: string | null };

const DEBOUNCE_MS = 250;

/**
 * The school search box: a plain GET form to /schools. With JavaScript it also suggests as
 * you type: debounced, and each new load through the same fetcher aborts the one in flight, so
 * a stale answer never replaces a newer one.
 */
export function SchoolSearch({ defaultValue, tooLong = false }: { defaultValue: string; tooLong?: boolean }) {
  const { t } = useTranslation("schools");
  const { t: common } = useTranslation("common");
  const fetcher = useFetcher<{ suggestions?: Suggestion[] }>();
  const [text, setText] = useState(defaultValue);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const listId = useId();
  useEffect(() => () => clearTimeout(timer.current), []);

  const onInput = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (value.trim() !== "") fetcher.load(`/schools?index&suggest=1&q=${encodeURIComponent(value)}`);
    }, DEBOUNCE_MS);
  };
  const suggestions = text.trim() === "" ? [] : (fetcher.data?.suggestions ?? []);

  return (
    <div className="school-search">
      <Form method="get" action="/schools" role="search">
        <label htmlFor="school-q">{t("search.label")}</label>
        <div className="school-search-row">
          <input
            id="school-q"
            type="search"
            name="q"
            defaultValue={defaultValue}
            placeholder={t("search.placeholder")}
            autoComplete="off"
            maxLength={SEARCH_TEXT_MAX}
            aria-invalid={tooLong || undefined}
            aria-describedby={tooLong ? "school-q-error" : undefined}
            aria-controls={suggestions.length > 0 ? listId : undefined}
            onChange={(event) => onInput(event.currentTarget.value)}
          />
          <button type="submit">{t("search.submit")}</button>
        </div>
        {tooLong ? (
          <p className="field-error" id="school-q-error">
            {common("search.tooLong")}
          </p>
        ) : null}
      </Form>
      {suggestions.length > 0 ? (
        <ul id={listId} className="school-suggestions" aria-label={t("search.suggestions")}>
          {suggestions.map((school) => (
            <li key={school.id}>
              <Link to={`/schools/${school.id}`}>
                {school.name}
                <span className="hint"> {[school.city, school.state].filter(Boolean).join(", ")}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
