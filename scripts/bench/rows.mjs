// Rows read per request (issue 27, decision 167): for each page and API read a district uses most,
// D1's own count of rows read and written (X-D1-Rows-Read / -Written, summed from `meta` by the
// Worker's counter, decision 040), the round trips, the items shown, and the server's CPU per
// request (decision 212): the CPU time of the server's processes (cpu.mjs) over a slice of
// sequential requests, not the time to first byte, which on a shared 2-core machine moves ±50%
// between runs of the same code. With `--scale N` the demo data's server runs beside the
// district's and the two are asked in turns, page by page, so "scale N against demo" compares
// CPU spent in the same minutes. Rows read do not depend on how busy the machine is: they are
// what grows with the data. `npm run bench -- --only rows [--scale N]`.
import { DEMO_ACCOUNT, PREFERRED_PORT } from "./config.mjs";
import { cpuOf } from "./cpu.mjs";
import { median } from "./load.mjs";
import { launchServer } from "./server.mjs";
import { createSession } from "./session.mjs";

export const ROWS = {
  /** Goal: each page's rows read stay under this, and within 2× of the demo data's. */
  maxRowsRead: 2_000,
  /** Goal (issue 27): CPU per request at scale 1 within 25% of the demo data's. Shown, not enforced. */
  maxCpuRatio: 1.25,
  /** Turns: each page on each server once a turn (order swapped each turn); the median slice counts. */
  turns: Number(process.env.ROWS_TURNS ?? 7),
  /**
   * Requests to each server in one slice, after `warmup` that are not counted (decision 212).
   */
  requests: Number(process.env.ROWS_REQUESTS ?? 20),
  warmup: 2,
  /** Requests to each page on each server before the first turn: the first slices ran 10–20% dearer (JIT). */
  firstWarmup: 8,
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

/**
 * The page's own next cursor (`createdAt_id`, decodeCursor's form), or (a feed that fits one
 * page) posts older than a week. It looked for `createdAt:id`, which decodeCursor does not
 * read: the "next page" was the first page again (decision 220).
 */
const cursorIn = (html, prefix) => {
  const cursors = [...html.matchAll(/(\d{13}_\d+)/g)];
  return `${prefix}${cursors.length > 0 ? cursors.at(-1)[1] : `${Date.now() - 7 * 86_400_000}_999999999`}`;
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

/** The demo parent's credentials on `server` for `target`: a fresh-enough session cookie or API token. */
async function credentials(server, target) {
  if (target.bearer) {
    if (!server.token || Date.now() - server.token.at > 60_000)
      server.token = { value: await bearer(server.origin), at: Date.now() };
    return { authorization: server.token.value };
  }
  const cookie = await server.session.get();
  if (!cookie) throw new Error(`${server.label}: ${server.session.note}`);
  return { cookie };
}

/** One request; anything but a 200 (an expired session's redirect is cheap) stops the phase. */
async function ask(server, path, headers) {
  const response = await fetch(new URL(path, server.origin), {
    headers,
    redirect: "manual",
    signal: AbortSignal.timeout(ROWS.requestTimeoutMs),
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${server.label}: ${path} answered ${response.status}`);
  const count = (name) => Number(response.headers.get(name) ?? Number.NaN);
  return {
    body,
    rowsRead: count("x-d1-rows-read"),
    rowsWritten: count("x-d1-rows-written"),
    roundTrips: count("x-d1-round-trips"),
  };
}

/** Each target's path on `server` (a follow-up page's from its first page) and the items it shows. */
async function pagesOn(server) {
  const pages = [];
  for (const target of ROW_TARGETS) {
    const headers = await credentials(server, target);
    const path = target.next ? target.next((await ask(server, target.from, headers)).body) : target.path;
    const items = path ? itemsShown((await ask(server, path, headers)).body, target.items) : null;
    for (let i = 0; path && i < ROWS.firstWarmup; i += 1) await ask(server, path, headers);
    pages.push({ path, items, samples: [], cpu: [] });
  }
  return pages;
}

/**
 * One slice of a page: warm-ups, then `ROWS.requests` requests to each server in alternation (one
 * to the first, one to the second, …; the other server first on odd turns), so both are measured
 * over the same seconds of a busy machine; each server's CPU over the slice, per request.
 */
async function slice(servers, target, pages, turn) {
  const asks = [];
  for (const [s, server] of servers.entries())
    asks.push({ server, page: pages[s], headers: await credentials(server, target) });
  if (turn % 2 === 1) asks.reverse();
  for (let i = 0; i < ROWS.warmup; i += 1)
    for (const { server, page, headers } of asks) await ask(server, page.path, headers);
  const before = asks.map(({ server }) => server.cpu?.());
  for (let i = 0; i < ROWS.requests; i += 1)
    for (const { server, page, headers } of asks) {
      const { rowsRead, rowsWritten, roundTrips } = await ask(server, page.path, headers);
      page.samples.push({ rowsRead, rowsWritten, roundTrips });
    }
  for (const [k, { server, page }] of asks.entries())
    if (server.cpu) page.cpu.push((server.cpu() - before[k]) / ROWS.requests);
}

/** A ratio as a change: 1.25 → "+25%". */
export const percent = (ratio) =>
  ratio === null ? "–" : `${ratio >= 1 ? "+" : "−"}${Math.abs((ratio - 1) * 100).toFixed(0)}%`;
const round = (value, digits = 2) => (value === null ? null : Number(value.toFixed(digits)));
const range = (values) => (values.length ? [round(Math.min(...values)), round(Math.max(...values))] : null);

function summary(target, page, scale) {
  const most = (key) => Math.max(...page.samples.map((sample) => sample[key]));
  const rowsRead = most("rowsRead");
  return {
    name: target.name,
    path: page.path,
    scale,
    items: page.items,
    rowsRead,
    rowsWritten: most("rowsWritten"),
    roundTrips: most("roundTrips"),
    rowsPerItem: page.items ? round(rowsRead / page.items, 1) : null,
    pass: rowsRead < ROWS.maxRowsRead,
    cpuMs: round(median(page.cpu)),
    cpuRange: range(page.cpu),
  };
}

/**
 * `servers`: `{ label, origin, pid, session }`, the demo data's first when there are two. Every
 * target once a turn (one slice, both servers in alternation), `ROWS.turns` turns.
 * One row per target: the last server's figures, and with two servers the demo's beside them and
 * the CPU ratio (the median of the turns' ratios), with their range.
 */
export async function rowsPerRequest(servers, scale) {
  for (const server of servers) Object.assign(server, { cpu: cpuOf(server.pid), token: null });
  const pages = [];
  for (const server of servers) pages.push(await pagesOn(server));
  const live = ROW_TARGETS.map((target, t) => ({ target, t })).filter(({ t }) => pages.every((on) => on[t].path));
  for (let turn = 0; turn < ROWS.turns; turn += 1) {
    for (const { target, t } of live)
      await slice(
        servers,
        target,
        pages.map((on) => on[t]),
        turn,
      );
    console.log(`  turn ${turn + 1} of ${ROWS.turns} done`);
  }
  return ROW_TARGETS.map((target, t) => {
    if (!live.some((entry) => entry.t === t))
      return { name: target.name, path: null, skipped: `no link to it on ${target.from}` };
    const row = summary(target, pages.at(-1)[t], scale);
    if (servers.length > 1) {
      const demo = pages[0][t];
      row.demo = summary(target, demo, null);
      const ratios = demo.cpu.map((cpu, turn) => pages.at(-1)[t].cpu[turn] / cpu);
      // A turn's two slices ran over the same seconds, the turns minutes apart: the median of the
      // turns' ratios, not the ratio of the medians.
      row.cpuRatio = ratios.length ? round(median(ratios), 3) : null;
      row.cpuRatioRange = range(ratios);
      row.cpuPass = row.cpuRatio === null || row.cpuRatio <= ROWS.maxCpuRatio;
    }
    console.log(
      `  ${row.name}: ${row.rowsRead} rows read, ${row.items ?? "?"} items, ${row.roundTrips} round trips, ${row.cpuMs ?? "–"} ms CPU` +
        (row.demo ? ` (demo ${row.demo.rowsRead} rows, ${row.demo.cpuMs} ms CPU: ${percent(row.cpuRatio)})` : ""),
    );
    return row;
  });
}

/**
 * The rows phase of `npm run bench`: the run's server alone, or with `--scale` beside a demo-data
 * server started for it (decision 212), which stops when the phase ends. `results` gets the
 * notes: a page over 2,000 rows read fails the run; CPU over the goal is noted.
 */
export async function rowsPhase({ origin, session, pid, scale }, results) {
  const district = { label: scale === null ? "demo data" : `scale ${scale}`, origin, pid, session };
  let rows;
  if (scale === null) rows = await rowsPerRequest([district], scale);
  else {
    const demo = await launchServer({ port: PREFERRED_PORT + 2 });
    try {
      const demoServer = {
        label: "demo data",
        origin: demo.origin,
        pid: demo.pid,
        session: createSession(demo.origin),
      };
      rows = await rowsPerRequest([demoServer, district], scale);
    } finally {
      await demo.stop();
    }
  }
  for (const row of rows) {
    for (const measured of row.demo ? [row.demo, row] : [row])
      if (measured.pass === false) {
        results.pass = false;
        const where = measured.scale === null ? "demo data" : `scale ${measured.scale}`;
        results.notes.push(`${row.name} reads ${measured.rowsRead} rows at ${where}, goal under 2,000 (issue 27)`);
      }
    if (row.cpuPass === false)
      results.notes.push(
        `${row.name}: CPU per request at scale ${scale} is ${row.cpuRatio}× the demo data's, goal 1.25×`,
      );
  }
  return rows;
}
