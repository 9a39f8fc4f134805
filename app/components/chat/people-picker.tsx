import { UserAvatar } from "~/components/layout/user-avatar";
import { useTranslation } from "~/lib/i18n-lite/react";
import { SEARCH_TEXT_MAX } from "~/lib/search-text";
import type { Candidates } from "~/server/chat/groups.server";

/**
 * Choosing people for a group (decision 060): a search by name or username that submits the
 * form as a GET ("Find": the typed name, the query and the ticked people travel in the URL, so
 * nothing is lost without JavaScript), and a checkbox per person the viewer may message.
 */
export function PeoplePicker({
  candidates,
  q,
  qTooLong = false,
  checked,
  legend,
}: {
  candidates: Candidates;
  q: string;
  /** The typed text was over the search limit (~/lib/search-text.ts): nobody was searched for. */
  qTooLong?: boolean;
  /** Ticked after a failed post; otherwise the people ticked before the search. */
  checked: number[] | null;
  legend: string;
}) {
  const { t } = useTranslation("chat");
  const { t: common } = useTranslation("common");
  const ticked = new Set(checked ?? candidates.selected.map((p) => p.userId));
  const people = [...candidates.selected, ...candidates.found];
  return (
    <fieldset className="chat-picker">
      <legend>{legend}</legend>
      <div className="field">
        <label htmlFor="chat-find">{t("group.findLabel")}</label>
        <div className="chat-find-row">
          <input
            id="chat-find"
            name="q"
            type="search"
            maxLength={SEARCH_TEXT_MAX}
            defaultValue={q}
            autoComplete="off"
            aria-invalid={qTooLong || undefined}
            aria-describedby={qTooLong ? "chat-find-error" : undefined}
          />
          <button type="submit" name="intent" value="find" formMethod="get" formNoValidate className="button-secondary">
            {t("group.find")}
          </button>
        </div>
        <p className="hint">{t("group.findHint")}</p>
        {qTooLong ? (
          <p className="field-error" id="chat-find-error">
            {common("search.tooLong")}
          </p>
        ) : null}
      </div>
      {people.length === 0 ? (
        // A text over the limit searched nobody: the field's message says so, nothing else does.
        qTooLong ? null : (
          <p className="hint">{q ? t("group.noMatch", { q }) : t("group.noContacts")}</p>
        )
      ) : (
        <ul className="chat-people">
          {people.map((person) => (
            <li key={person.userId} className="field-checkbox">
              <label>
                <input type="checkbox" name="member" value={person.userId} defaultChecked={ticked.has(person.userId)} />
                <UserAvatar name={person.name} avatar={person.avatar} size="small" />
                <PersonName name={person.name} username={person.username} />
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/**
 * A person's name over their @username, as in a row of the chat list: on a 360 px phone a name
 * and a username side by side wrapped the one and cut the other off.
 */
export function PersonName({ name, username }: { name: string; username?: string | null }) {
  return (
    <span className="chat-person-who">
      <span>{name}</span>
      {username ? <bdi className="hint">{`@${username}`}</bdi> : null}
    </span>
  );
}
