// Rows read per request (issue 27, decision 167): for each page and API read a district uses most,
// D1's own count of rows read and written (X-D1-Rows-Read / -Written, summed from `meta` by the
// Worker's counter, decision 040), the round trips, and the server time (median time to first
// byte of sequential requests on 127.0.0.1). Rows read do not depend on how busy the machine is:
// they are what grows with the data. `npm run bench -- --only rows [--scale N]`.
import { DEMO_ACCOUNT } from "./config.mjs";
import { median } from "./load.mjs";

export const ROWS = {
  requests: 7,
  warmup: 2,
  /** Goal: each page's rows read stay under this, and within 2× of the demo data's. */
  maxRowsRead: 2_000,
  requestTimeoutMs: 20_000,
};

/**
 * The pages, in the issue's order; `next` finds a follow-up page's URL in the first one's HTML.
 * `items` says how to count what the page shows (its list items, beside its rows read): `list`,
 * the class of the page's list(s) in <main>, whose own items are counted (not those of lists
 * nested in an item, nor the header's menus); or `json`, the array an API answers.
 */
export const ROW_TARGETS = [
  { name: "newsfeed", path: "/newsfeed", items: { list: "post-list" } },
  {
    name: "newsfeed, next page",
    from: "/newsfeed",
    // The next page as the page's script asks for it: its cursor (`createdAt:id`) is in the loader data.
    next: (html) => cursorIn(html, "/newsfeed?before="),
    items: { list: "post-list" },
  },
  { name: "community", path: "/communities/1", items: { list: "post-list" } },
  { name: "conversation", path: "/chat/1", items: { list: "chat-messages" } },
  {
    name: "conversation, older messages",
    from: "/chat/1",
    next: (html) => linkTo(html, /href="\/chat\/1(\?before=[^"]+)"/, "/chat/1"),
    items: { list: "chat-messages" },
  },
  { name: "chat list", path: "/chat", items: { list: "chat-conversations" } },
  { name: "inbox", path: "/messagesold", items: { list: "inbox-list" } },
  { name: "calendar month", path: "/calendar", items: { list: "agenda" } },
  { name: "school search", path: "/schools?q=lincoln", items: { list: "school-list" } },
  { name: "school browse", path: "/schools/browse?state=CA&by=district", items: { list: "browse-grid" } },
  { name: "friends", path: "/profile/friends", items: { list: "people-list" } },
  // No page of its own: the header's menu is on every page; the API's list is the full read.
  { name: "notifications", path: "/api/v1/notifications", bearer: true, items: { json: (body) => body.data?.data } },
];

/**
 * How many items a response shows (see ROW_TARGETS' `items`), or null when it cannot say. HTML:
 * the <li> at the first level of every <ul>/<ol> in <main> whose class list has `list`, read
 * with a depth count so that a list inside an item (a post's comments) does not count.
 */
export function itemsShown(body, items) {
  if (!items) return null;
  if (items.json) {
    try {
      const list = items.json(JSON.parse(body));
      return Array.isArray(list) ? list.length : null;
    } catch {
      return null;
    }
  }
  const main = /<main\b[\s\S]*<\/main>/.exec(body)?.[0];
  if (!main) return null;
  const opening = new RegExp(`<(?:ul|ol)\\b[^>]*\\bclass="(?:[^"]*\\s)?${items.list}(?:\\s[^"]*)?"[^>]*>`, "g");
  const tag = /<(\/?)(ul|ol|li)\b[^>]*>/g;
  let count = 0;
  let lists = 0;
  for (const start of main.matchAll(opening)) {
    lists += 1;
    tag.lastIndex = start.index + start[0].length;
    let depth = 1;
    for (let match = tag.exec(main); match && depth > 0; match = tag.exec(main)) {
      const [, closing, name] = match;
      if (name === "li") {
        if (!closing && depth === 1) count += 1;
      } else depth += closing ? -1 : 1;
    }
  }
  return lists > 0 ? count : null;
}

/** The page's own next cursor, or (a feed that fits one page) posts older than a week. */
const cursorIn = (html, prefix) => {
  const cursors = [...html.matchAll(/(\d{13}:\d+)/g)];
  return `${prefix}${cursors.length > 0 ? cursors.at(-1)[1] : `${Date.now() - 7 * 86_400_000}:999999999`}`;
};
const linkTo = (html, pattern, path) => {
  const match = pattern.exec(html);
  return match ? `${path}${match[1].replaceAll("&amp;", "&")}` : null;
};

/** An API access token for the demo account (DESIGN §6: the API takes Bearer tokens, never cookies). */
async function bearer(origin) {
  const response = await fetch(new URL("/api/v2/auth/login", origin), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO_ACCOUNT),
  });
  const body = await response.json();
  if (!body.token) throw new Error(`API sign-in answered ${response.status}`);
  return `Bearer ${body.token}`;
}

async function timed(url, cookie, authorization) {
  const started = performance.now();
  const response = await fetch(url, {
    headers: authorization ? { authorization } : { cookie },
    redirect: "manual",
    signal: AbortSignal.timeout(ROWS.requestTimeoutMs),
  });
  const firstByte = performance.now() - started;
  const body = await response.text();
  const count = (name) => Number(response.headers.get(name) ?? Number.NaN);
  return {
    status: response.status,
    body,
    ms: firstByte,
    rowsRead: count("x-d1-rows-read"),
    rowsWritten: count("x-d1-rows-written"),
    roundTrips: count("x-d1-round-trips"),
  };
}

export async function rowsPerRequest(origin, session, scale) {
  const results = [];
  for (const target of ROW_TARGETS) {
    const cookie = await session.get();
    const authorization = target.bearer ? await bearer(origin) : null;
    let path = target.path;
    if (target.next) {
      const first = await timed(new URL(target.from, origin), cookie);
      path = target.next(first.body);
      if (!path) {
        results.push({ name: target.name, path: null, skipped: `no link to it on ${target.from}` });
        continue;
      }
    }
    const samples = [];
    for (let i = 0; i < ROWS.warmup + ROWS.requests; i += 1) {
      const sample = await timed(new URL(path, origin), cookie, authorization);
      if (sample.status !== 200) throw new Error(`${path} answered ${sample.status}`);
      if (i >= ROWS.warmup) samples.push(sample);
    }
    const last = samples.at(-1);
    const items = itemsShown(last.body, target.items);
    const row = {
      name: target.name,
      path,
      scale,
      items,
      rowsRead: Math.max(...samples.map((s) => s.rowsRead)),
      rowsWritten: Math.max(...samples.map((s) => s.rowsWritten)),
      roundTrips: last.roundTrips,
      serverMs: Number(median(samples.map((s) => s.ms)).toFixed(1)),
    };
    row.rowsPerItem = items ? Number((row.rowsRead / items).toFixed(1)) : null;
    row.pass = row.rowsRead < ROWS.maxRowsRead;
    console.log(
      `  ${row.name}: ${row.rowsRead} rows read, ${items ?? "?"} items shown, ${row.roundTrips} round trips, ${row.serverMs} ms`,
    );
    results.push(row);
  }
  return results;
}

export function rowsReport(rows, scale) {
  const lines = [
    `### Rows read per request (${scale === null ? "demo data" : `district scale ${scale}`})`,
    "",
    "| request | path | rows read | items shown | rows per item | rows written | round trips | server ms (median) |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const row of rows) {
    if (row.skipped) lines.push(`| ${row.name} | — | skipped: ${row.skipped} | | | | | |`);
    else
      lines.push(
        `| ${row.name} | \`${row.path.length > 48 ? `${row.path.slice(0, 45)}…` : row.path}\` | ${row.rowsRead}${row.pass ? "" : " ✗"} | ${row.items ?? "–"} | ${row.rowsPerItem ?? "–"} | ${row.rowsWritten} | ${row.roundTrips} | ${row.serverMs} |`,
      );
  }
  return lines.join("\n");
}
