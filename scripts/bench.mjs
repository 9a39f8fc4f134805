// `npm run bench`: build, serve the production build on workerd with a fresh demo database, and
// measure bytes per route, the About pages' 14 KB budget, throughput, render time and load
// metrics. Prints markdown tables, writes bench/results.json, exits 1 when a budget or step fails.
// What and why: docs/decisions/016-benchmark.md. Not part of `npm test`.
// `npm run bench -- --only <part>` measures one part (routes, ceiling, school-search, realtime,
// chat-delivery) and prints its table without touching bench/results.json (decisions 061, 084).
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { loadMetrics } from "./bench/browser.mjs";
import { aboutBudget, fetchPage, measureBytes, measureBytesIn } from "./bench/bytes.mjs";
import { ceilingComparison, ceilingReport } from "./bench/ceiling.mjs";
import { chatDelivery } from "./bench/chat-delivery.mjs";
import {
  ABOUT_BUDGET_BYTES,
  BROWSER,
  GZIP_LEVEL,
  OVERALL_TIMEOUT_MS,
  PAGE_D1_GOAL,
  RENDER,
  RESULTS_FILE,
  ROUTE_FILTER,
  SCHOOL_SEARCH,
  SELECTED_ROUTES,
  THROUGHPUT,
} from "./bench/config.mjs";
import { digestReport, digestRun } from "./bench/digest.mjs";
import { renderTime, throughput } from "./bench/load.mjs";
import { realtimeDelivery } from "./bench/realtime.mjs";
import { chatDeliveryReport, report, schoolSearchReport } from "./bench/report.mjs";
import { rowsPhase } from "./bench/rows.mjs";
import { rowsReport } from "./bench/rows-report.mjs";
import { calendarEventCount, schoolSearchTimes } from "./bench/school-search.mjs";
import {
  STEP_TIMEOUT_MS,
  serverPersist,
  serverPid,
  startServer,
  stopServer,
  stopServersOnExit,
} from "./bench/server.mjs";
import { createSession } from "./bench/session.mjs";
import { build, selectBuildDir } from "./lib/local.mjs";

/** Runs one phase; a failure becomes a note and fails the run, the other phases still run. */
async function phase(results, name, work) {
  console.log(`\n━━ ${name}`);
  try {
    return await work();
  } catch (error) {
    results.notes.push(`${name} failed: ${error.message}`);
    results.pass = false;
    console.error(`✗ ${name}: ${error.stack ?? error}`);
    return null;
  }
}

async function measureRoutes(origin, session, results) {
  const assetCache = new Map();
  const measured = [];
  for (const route of SELECTED_ROUTES) {
    const expected = route.status ?? 200;
    const cookie = route.signIn ? await session.get() : null;
    if (route.signIn && !cookie) {
      results.routes.push({ path: route.path, skipped: "needs sign-in" });
      // No sign-in page yet is expected early on; a sign-in that stopped working is not.
      if (!session.missing && !route.optional) results.pass = false;
      continue;
    }
    const { status, html, d1 } = await fetchPage(origin, route.path, cookie);
    if (status !== expected) {
      results.routes.push({ path: route.path, skipped: `answered ${status}` });
      if (route.optional) results.notes.push(`${route.path} skipped: it answers ${status}, not ${expected} (yet)`);
      else {
        results.notes.push(`${route.path} answered ${status}, expected ${expected}`);
        results.pass = false;
      }
      continue;
    }
    const bytes = await measureBytes(origin, route.path, html, assetCache);
    const ar = await measureBytesIn("ar", origin, route.path, cookie, assetCache, status);
    for (const url of bytes.external) results.notes.push(`${route.path} loads ${url} (other origin, not counted)`);
    // A second request: the first may have filled the guest cache (decision 043); count the steady state.
    const again = await fetchPage(origin, route.path, cookie);
    const events = route.events === undefined ? undefined : calendarEventCount(html);
    if (events !== undefined && events !== route.events)
      results.notes.push(`${route.path} lists ${events} events, not the ${route.events} it should measure`);
    const inArabic = ar && { html: ar.html, js: ar.js, inlineJs: ar.inlineJs, css: ar.css, total: ar.total };
    results.routes.push({ path: route.path, status, bytes, ar: inArabic, d1: { first: d1, again: again.d1 }, events });
    if (again.d1 !== null && again.d1 > PAGE_D1_GOAL)
      results.notes.push(`${route.path} makes ${again.d1} D1 round trips, goal ${PAGE_D1_GOAL} (decision 104)`);
    if (route.about) results.about.push(aboutBudget(route.path, bytes));
    measured.push({ ...route, status, htmlRaw: bytes.htmlRaw });
    console.log(`  ${route.path}: ${status}, ${bytes.total} B gzip`);
  }
  if (session.note) results.notes.push(session.note);
  for (const about of results.about) if (!about.pass) results.pass = false;
  return measured;
}

async function measureThroughput(origin, session, measured) {
  const cookieFor = (path) => (measured.find((r) => r.path === path)?.signIn ? session.get({ fresh: true }) : null);
  const ok = measured.filter((route) => route.status === 200);
  const heaviest = THROUGHPUT.heaviest ?? ok.reduce((a, b) => (b.htmlRaw > a.htmlRaw ? b : a)).path;
  const targets = [
    ...THROUGHPUT.pages.map((path) => ({ path, role: "page" })),
    { path: heaviest, role: "heaviest page" },
    { path: THROUGHPUT.staticAsset, role: "static asset" },
  ];
  for (const target of targets) {
    const cookie = await cookieFor(target.path);
    Object.assign(target, { url: new URL(target.path, origin), headers: cookie ? { cookie } : {} });
  }
  const rows = (await throughput(targets)).map((stats, i) => ({
    path: targets[i].path,
    role: targets[i].role,
    ...stats,
  }));
  for (const row of rows) console.log(`  ${row.path}: ${row.rps} rps, median ${row.medianMs} ms`);
  const staticRps = rows.at(-1).rps;
  for (const row of rows)
    row.ratio = row.role === "static asset" || !staticRps ? null : Number((row.rps / staticRps).toFixed(3));
  return rows;
}

const PARTS = ["routes", "ceiling", "school-search", "realtime", "chat-delivery", "rows", "digest"];
const onlyIndex = process.argv.indexOf("--only");
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1] : null;
if (only !== null && !PARTS.includes(only)) {
  console.error(`--only takes one of: ${PARTS.join(", ")}`);
  process.exit(2);
}
// `--scale N`: the district seed (scripts/seed-district.mjs) on top of the demo data (issue 27).
const scaleIndex = process.argv.indexOf("--scale");
const scale = scaleIndex > 0 ? Number(process.argv[scaleIndex + 1]) : null;
/** "routes" is bytes, render time, throughput and Chromium load metrics: they share the measured routes. */
const runs = (part) => (only === null || only === part) && (ROUTE_FILTER.length === 0 || part === "routes");

async function main() {
  const results = {
    generatedAt: new Date().toISOString(),
    commit: gitCommit(),
    node: process.versions.node,
    settings: {
      gzipLevel: GZIP_LEVEL,
      aboutBudgetBytes: ABOUT_BUDGET_BYTES,
      throughput: THROUGHPUT,
      render: RENDER,
      browser: BROWSER,
      schoolSearch: SCHOOL_SEARCH,
      routes: ROUTE_FILTER.length > 0 ? ROUTE_FILTER : "all",
    },
    pass: true,
    routes: [],
    about: [],
    throughput: [],
    render: [],
    schoolSearch: [],
    browser: [],
    realtime: [],
    chatDelivery: [],
    rows: [],
    digest: [],
    ceiling: null,
    scale,
    notes: [],
  };
  // build-bench/: a running `npm start` keeps serving build/ (docs/decisions/032-test-and-bench-builds.md).
  selectBuildDir("build-bench");
  // SKIP_BUILD=1: serve build-bench/ as the last run left it (as ceiling.mjs alone does).
  if (process.env.SKIP_BUILD === "1") console.log("━━ build: SKIP_BUILD=1, build-bench/ as it is");
  else {
    console.log("━━ build (build-bench/)");
    build({ timeout: STEP_TIMEOUT_MS });
  }
  const origin = await startServer({ scale, digest: runs("digest") });
  const session = createSession(origin);

  if (runs("routes")) await measurePages(origin, session, results);
  // /newsfeed against a Worker with no application code, in the same run (issue 27, decision 188).
  if (runs("ceiling")) {
    const cookie = () => session.get({ fresh: true });
    results.ceiling = await phase(results, "ceiling", () =>
      ceilingComparison({ origin, cookie, appPid: serverPid(), persistTo: serverPersist() }),
    );
  }
  // Alone (`--only school-search`): the search's server time without the pages (decision 084).
  if (only === "school-search") await measureSchoolSearch(origin, session, results);
  if (runs("realtime")) {
    results.realtime = (await phase(results, "realtime delivery", () => realtimeDelivery(origin))) ?? [];
  }
  if (runs("rows")) {
    const context = { origin, session, pid: serverPid(), scale };
    results.rows = (await phase(results, "rows read per request", () => rowsPhase(context, results))) ?? [];
  }
  if (runs("chat-delivery")) {
    results.chatDelivery = (await phase(results, "chat delivery", () => chatDelivery(origin))) ?? [];
    for (const row of results.chatDelivery) {
      if (!row.d1Goal) {
        results.pass = false;
        results.notes.push(`chat delivery: ${row.d1PerSendMin}–${row.d1PerSend} D1 round trips per send, goal 1`);
      }
      if (row.p95Goal === false)
        results.notes.push(`chat delivery: p95 ${row.p95Ms} ms is above the 50 ms goal on this machine`);
      if (row.lost > 0) {
        results.pass = false;
        results.notes.push(`chat delivery: ${row.lost} messages never arrived`);
      }
    }
  }
  if (runs("digest")) results.digest = (await phase(results, "digest run", () => digestRun(origin))) ?? [];
  await stopServer();

  if (only) {
    // One part: its own table, and bench/results.json keeps the last full run.
    const tables = {
      "chat-delivery": () => chatDeliveryReport(results.chatDelivery),
      "school-search": () => schoolSearchReport(results),
      rows: () => rowsReport(results.rows, scale),
      digest: () => digestReport(results.digest),
      ceiling: () => ceilingReport(results.ceiling),
    };
    const table = (tables[only] ?? (() => report(results)))();
    console.log(`\n${table}\n${results.notes.map((note) => `- ${note}`).join("\n")}`);
    return results.pass ? 0 : 1;
  }
  mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  const rows = results.rows.length > 0 ? `\n\n${rowsReport(results.rows, scale)}` : "";
  const digest = results.digest.length > 0 ? `\n\n${digestReport(results.digest)}` : "";
  const ceiling = results.ceiling ? `\n\n${ceilingReport(results.ceiling)}` : "";
  console.log(`\n${report(results)}${rows}${digest}${ceiling}\n\n(written to ${RESULTS_FILE})`);
  return results.pass ? 0 : 1;
}

/** Bytes per route, render time, throughput and load in Chromium: the parts that read the routes. */
async function measurePages(origin, session, results) {
  const measured = (await phase(results, "bytes per route", () => measureRoutes(origin, session, results))) ?? [];
  results.render =
    (await phase(results, "render time", async () => {
      const rows = [];
      for (const route of measured) {
        const cookie = route.signIn ? await session.get() : null;
        rows.push({ path: route.path, ...(await renderTime(new URL(route.path, origin), cookie)) });
        console.log(`  ${route.path}: ${rows.at(-1).ttfbMs} ms to first byte`);
      }
      return rows;
    })) ?? [];
  if (SELECTED_ROUTES.some((route) => route.path.startsWith("/schools")))
    await measureSchoolSearch(origin, session, results);
  if (ROUTE_FILTER.length > 0) {
    results.notes.push(`BENCH_ROUTES=${ROUTE_FILTER.join(",")}: throughput and Chromium not measured`);
    return;
  }
  results.throughput = (await phase(results, "throughput", () => measureThroughput(origin, session, measured))) ?? [];
  results.browser =
    (await phase(results, "load metrics in Chromium", () =>
      loadMetrics(
        measured
          .filter((route) => route.browser)
          .map((route) => ({
            path: route.path,
            url: new URL(route.path, origin).href,
            cookie: route.signIn ? () => session.get({ fresh: true }) : null,
          })),
      ),
    )) ?? [];
}

async function measureSchoolSearch(origin, session, results) {
  results.schoolSearch =
    (await phase(results, "school search", async () => {
      const rows = await schoolSearchTimes(origin, await session.get());
      for (const row of rows) if (!row.pass) results.pass = false;
      return rows;
    })) ?? [];
}

function gitCommit() {
  const head = spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim();
  const dirty = spawnSync("git", ["status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).stdout.trim();
  return dirty ? `${head} (with uncommitted changes)` : head;
}

stopServersOnExit(OVERALL_TIMEOUT_MS);

main()
  .then(async (code) => {
    await stopServer();
    process.exit(code);
  })
  .catch(async (error) => {
    console.error(`\n✗ ${error.stack ?? error}`);
    await stopServer();
    process.exit(1);
  });
