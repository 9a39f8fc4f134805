import { useMemo } from "react";
import { Form, Link } from "react-router";
import { Field } from "~/components/form/field";
import { FRIEND_CONTROLS, useFriendControlsList } from "~/components/friends/friend-controls";
import { personPopup, usePopupList } from "~/components/users/person-popup";
import { PersonRow } from "~/components/users/person-row";
import { userContext } from "~/context";
import { useClock } from "~/lib/clock";
import { dateTimeFormat } from "~/lib/date-format";
import { FriendStatus, type FriendStatusValue, type UserInfo } from "~/lib/friend-status";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import { useLinkClicks } from "~/lib/link-clicks";
import type { DescriptionHandle } from "~/lib/page-description";
import { readSearchText, SEARCH_TEXT_MAX, SEARCH_TOO_LONG } from "~/lib/search-text";
import { USER_SEARCH_MIN_LENGTH } from "~/lib/user-search";
import friends from "~/locales/en/friends.json";
import profile from "~/locales/en/profile.json";
import { getInstance } from "~/middleware/i18next";
import {
  type FriendCursors,
  type FriendEntry,
  type FriendPage,
  listFriendships,
  REQUESTS_COUNTED,
  type RequestsPage,
} from "~/server/friends/friends-list.server";
import { searchUsers } from "~/server/friends/people-search.server";
import type { Route } from "./+types/list";

registerNamespace("profile", profile);
registerNamespace("friends", friends);

type Person = UserInfo & { since?: number };

/**
 * A list's people with the status every one of them has there: sent once for the list, not
 * with each person in the page's data (decision 221).
 */
function useListed(entries: FriendEntry[], friendStatus: FriendStatusValue, direction: UserInfo["direction"]) {
  return useMemo(
    () => entries.map((entry): Person => ({ ...entry, friendStatus, direction })),
    [entries, friendStatus, direction],
  );
}

const positive = (value: string | null) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/**
 * `?friends=12&outgoing=7`: those lists start after the person with that id (decision 191).
 * `?requests=all&incoming=1764000000000.31`: every request for the viewer, a page at a time, from
 * after the one person 31 made at that time (newest first); without them the newest few
 * (decision 221).
 */
function cursorsOf(params: URLSearchParams): FriendCursors {
  const request = /^(\d{1,15})\.(\d{1,15})$/.exec(params.get("incoming") ?? "");
  return {
    friends: positive(params.get("friends")),
    outgoing: positive(params.get("outgoing")),
    incoming: request ? { createdAt: Number(request[1]), id: Number(request[2]) } : undefined,
    all: params.get("requests") === "all",
  };
}

const requestsCount = (total: number) => (total >= REQUESTS_COUNTED ? `${REQUESTS_COUNTED - 1}+` : String(total));

/** This page's address with `change` made to its query, ending at `anchor`. */
function hrefWith(url: URL, change: (params: URLSearchParams) => void, anchor: string) {
  const params = new URLSearchParams(url.search);
  change(params);
  return `${url.pathname}?${params}#${anchor}`;
}

/** The link to a list's next page: this page's address with that list's cursor moved on. */
function nextHref(url: URL, list: "friends" | "outgoing", page: FriendPage) {
  if (page.next === null) return null;
  const next = String(page.next);
  return hrefWith(url, (params) => params.set(list, next), list === "friends" ? "friends-list" : "friends-outgoing");
}

/** The requests for the viewer: the next page of all, or from the newest few to all of them. */
function requestsHref(url: URL, page: RequestsPage, all: boolean) {
  if (all) {
    if (page.next === null) return null;
    const next = `${page.next.createdAt}.${page.next.id}`;
    return hrefWith(url, (params) => params.set("incoming", next), "friends-incoming");
  }
  if (page.total === null || page.total <= page.people.length) return null;
  return hrefWith(
    url,
    (params) => {
      params.set("requests", "all");
      params.delete("incoming");
    },
    "friends-incoming",
  );
}

/**
 * /profile/friends (SPEC §2, §4): friends, requests both ways and a search for people, each
 * with their controls: accept or decline what came in, cancel what went out, unfriend. Each
 * list shows a page of people by name and links to the next (decision 191).
 * Forms post to /users/{id}/friend and come back here (PRG); with JavaScript through fetchers.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const viewer = context.get(userContext)!;
  // Over the search limit nobody is searched for, and the field says why (decision 113).
  const search = readSearchText(url.searchParams.get("q"));
  const cursors = cursorsOf(url.searchParams);
  const [lists, results] = await Promise.all([
    listFriendships(viewer.id, cursors),
    searchUsers(viewer.id, search.text),
  ]);
  return {
    metaTitle: getInstance(context).t("profile:friends.metaTitle"),
    q: search.typed,
    qTooLong: search.tooLong,
    results,
    // Each list's people as read: their status is the list's, added in the page (`useListed`).
    friends: lists.friends.people,
    incoming: lists.incoming.people,
    outgoing: lists.outgoing.people,
    more: {
      friends: nextHref(url, "friends", lists.friends),
      incoming: requestsHref(url, lists.incoming, cursors.all === true),
      outgoing: nextHref(url, "outgoing", lists.outgoing),
    },
    // How many requests wait, on the first view ("See all requests (N)", past 99 "99+" as the
    // badges say); null when all of them are shown.
    requests: cursors.all ? null : requestsCount(lists.incoming.total ?? 0),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];
export const handle: DescriptionHandle = { description: "profile:friends.metaDescription" };

function PeopleList({
  id,
  title,
  empty,
  people,
  dateLabel,
  more,
}: {
  id: string;
  title: string;
  empty: string;
  people: Person[];
  dateLabel?: (date: string) => string;
  /** The next page's link and its text, when the list goes on. */
  more?: { href: string | null; label: string };
}) {
  const { t, i18n } = useTranslation("friends");
  const { t: tc } = useTranslation();
  const clock = useClock();
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: clock.zone });
  const popups = usePopupList(people);
  const controls = useFriendControlsList();
  const onClick = useLinkClicks();
  // The popups' texts once for the list, not per person (decision 205).
  const texts = {
    label: (name: string) => t("controls.label", { name }),
    unknown: tc("unknownUser"),
    viewProfile: t("controls.viewProfile"),
  };
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {people.length === 0 ? (
        <p className="hint">{empty}</p>
      ) : (
        // biome-ignore lint/a11y/useKeyWithClickEvents: clicks on its links and popups' triggers, which keys reach as clicks
        <ul
          className="people-list"
          ref={popups.ref}
          onClick={(event) => {
            popups.onClick(event);
            onClick(event);
          }}
        >
          {people.map((person, index) => (
            <PersonRow
              key={person.id}
              avatar={personPopup(person, texts, index === 0, popups.cards)}
              actions={controls(person, true)}
              actionsClassName={FRIEND_CONTROLS}
            >
              <strong>{person.name}</strong>
              {person.username ? <span className="hint">{` @${person.username}`}</span> : null}
              {dateLabel && person.since !== undefined ? (
                <p className="hint">{dateLabel(date.format(person.since))}</p>
              ) : null}
            </PersonRow>
          ))}
        </ul>
      )}
      {more?.href ? (
        <p className="people-more">
          <Link to={more.href} aria-describedby={id}>
            {more.label}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function Search({ q, qTooLong, results }: { q: string; qTooLong: boolean; results: UserInfo[] }) {
  const { t } = useTranslation("friends");
  const query = q.trim();
  const tooShort = query !== "" && query.replace(/^@/, "").length < USER_SEARCH_MIN_LENGTH;
  const error = qTooLong ? SEARCH_TOO_LONG : tooShort ? "friends:search.tooShort" : null;
  return (
    <section aria-labelledby="friends-search">
      <h2 id="friends-search">{t("search.title")}</h2>
      <Form method="get" role="search" className="friends-search">
        <Field
          id="friends-search-q"
          label={t("search.label")}
          name="q"
          type="search"
          defaultValue={q}
          minLength={USER_SEARCH_MIN_LENGTH}
          maxLength={SEARCH_TEXT_MAX}
          hint={error ? undefined : t("search.hint", { min: USER_SEARCH_MIN_LENGTH })}
          errors={error ? [error] : undefined}
          errorValues={{ min: USER_SEARCH_MIN_LENGTH }}
        />
        <button type="submit">{t("search.submit")}</button>
      </Form>
      {query && !error ? (
        <PeopleList
          id="friends-search-results"
          title={t("search.results", { query })}
          empty={t("search.none", { query })}
          people={results}
        />
      ) : null}
    </section>
  );
}

export default function Friends({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  const incoming = useListed(loaderData.incoming, FriendStatus.Pending, "incoming");
  const friends = useListed(loaderData.friends, FriendStatus.Friends, null);
  const outgoing = useListed(loaderData.outgoing, FriendStatus.Pending, "outgoing");
  return (
    <main id="main" className="friends">
      <h1>{t("friends.title")}</h1>
      {/* Requests waiting for an answer first: a long friends list never buries them (decision 125);
          the newest few, then "See all requests (N)" (decision 221). */}
      <PeopleList
        id="friends-incoming"
        title={t("friends.incomingTitle")}
        empty={t("friends.incomingEmpty")}
        people={incoming}
        dateLabel={(date) => t("friends.requestedOn", { date })}
        more={{
          href: loaderData.more.incoming,
          label:
            loaderData.requests === null
              ? t("friends.moreRequests")
              : t("friends.seeAllRequests", { total: loaderData.requests }),
        }}
      />
      <Search q={loaderData.q} qTooLong={loaderData.qTooLong} results={loaderData.results} />
      <PeopleList
        id="friends-list"
        title={t("friends.listTitle")}
        empty={t("friends.empty")}
        people={friends}
        dateLabel={(date) => t("friends.friendsSince", { date })}
        more={{ href: loaderData.more.friends, label: t("friends.moreFriends") }}
      />
      <PeopleList
        id="friends-outgoing"
        title={t("friends.outgoingTitle")}
        empty={t("friends.outgoingEmpty")}
        people={outgoing}
        dateLabel={(date) => t("friends.requestedOn", { date })}
        more={{ href: loaderData.more.outgoing, label: t("friends.moreRequests") }}
      />
    </main>
  );
}
