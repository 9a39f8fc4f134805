// `/newsfeed` against the local runtime's ceiling for it, in the same run (issue 27 item 5,
// decisions 110 and 188). The ceiling is a Worker with no application code that answers
// /newsfeed with the app's own page (the demo parent's feed, fetched from the running app just
// before) after the same D1 batch the page sends (ceiling-batch.json), on a copy of the same
// database, served the same way (`wrangler dev`, no local trace collector). Everything the app
// does (session, React Router, React, the loaders' JavaScript) only adds to it, so the app's
// throughput over the ceiling's is the share of the runtime's best that the app reaches; the
// goal is 0.6. The two are asked in 1 s slices taken in turn (load.mjs), the order swapped each
// turn, so a busy moment on a shared machine hits both alike. Beside the ratio: each server's
// CPU per request (wrangler and the workerd under it, cpu.mjs) and their difference, the CPU
// the bench can attribute to our code (the ceiling does the rest of the app's work: D1, the
// runtime's plumbing, the gzip of the same bytes).
//
// `npm run bench` runs it after the throughput phase (`--only ceiling` alone); run by itself,
// `node scripts/bench/ceiling.mjs` builds, serves the bench's database and prints the table.
import { spawn } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { bin, buildDir, env, waitForServer } from "../lib/local.mjs";
import { PERSIST } from "./config.mjs";
import { cpuOf } from "./cpu.mjs";
import { median, throughput } from "./load.mjs";

const DIR = ".wrangler/ceiling";
const CEILING_PERSIST = ".wrangler/ceiling-state";
const PORT = Number(process.env.CEILING_PORT ?? 8796);
const TURNS = Number(process.env.TURNS ?? 3);
export const CEILING_GOAL = 0.6;

const WORKER = `import html from "./page.html";
import batch from "./batch.json";
export default {
  async fetch(request, env) {
    if (new URL(request.url).pathname !== "/newsfeed") return new Response("not found", { status: 404 });
    await env.DB.batch(batch.map(({ sql, params }) => env.DB.prepare(sql).bind(...params)));
    return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  },
};
`;

/** The ceiling Worker's files, beside the app's build config (same compatibility, same database id). */
function writeCeiling(html) {
  const appConfig = JSON.parse(readFileSync(`${buildDir()}/server/wrangler.json`, "utf8"));
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(`${DIR}/public`, { recursive: true });
  writeFileSync(`${DIR}/index.js`, WORKER);
  writeFileSync(`${DIR}/page.html`, html);
  copyFileSync("scripts/bench/ceiling-batch.json", `${DIR}/batch.json`);
  copyFileSync("public/favicon.svg", `${DIR}/public/favicon.svg`);
  writeFileSync(
    `${DIR}/wrangler.json`,
    JSON.stringify({
      name: "ceiling",
      main: "index.js",
      compatibility_date: appConfig.compatibility_date,
      compatibility_flags: appConfig.compatibility_flags,
      assets: { directory: "public" },
      rules: [{ type: "Text", globs: ["**/*.html"] }],
      d1_databases: appConfig.d1_databases.map(({ binding, database_name, database_id }) => ({
        binding,
        database_name,
        database_id,
      })),
    }),
  );
  return JSON.parse(readFileSync(`${DIR}/batch.json`, "utf8")).length;
}

/**
 * Serves the ceiling Worker for `html` (the app's page, as it just answered) over a copy of the
 * app's database taken now, while no request is in flight, so neither server waits on the other's
 * locks. Resolves to `{ origin, pid, statements, stop }` once it answers with the same bytes.
 */
export async function startCeiling({ html, persistTo = PERSIST, port = PORT }) {
  const statements = writeCeiling(html);
  rmSync(CEILING_PERSIST, { recursive: true, force: true });
  cpSync(persistTo, CEILING_PERSIST, { recursive: true });
  const args = ["dev", "-c", `${DIR}/wrangler.json`, "--ip", "127.0.0.1", "--port", String(port)];
  const server = spawn(bin("wrangler"), [...args, "--persist-to", CEILING_PERSIST], {
    env: { ...env, X_LOCAL_OBSERVABILITY: "false" },
    stdio: "ignore",
  });
  const stop = () => server.kill("SIGTERM");
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(`${origin}/favicon.svg`, 90_000);
    const check = await fetch(`${origin}/newsfeed`);
    if (check.status !== 200 || (await check.text()).length !== html.length)
      throw new Error("the ceiling Worker's page differs from the app's");
  } catch (error) {
    stop();
    throw error;
  }
  return { origin, pid: server.pid, statements, stop };
}

/**
 * Times the app's `/newsfeed` (at `origin`, served by `appPid`) and the ceiling Worker in turns.
 * `cookie()` gives the demo parent's session. The app keeps its database (`persistTo`).
 */
export async function ceilingComparison({ origin, cookie, appPid, persistTo = PERSIST, turns = TURNS }) {
  const page = await fetch(new URL("/newsfeed", origin), { headers: { cookie: await cookie() } });
  if (page.status !== 200) throw new Error(`/newsfeed answered ${page.status}`);
  const html = await page.text();
  const ceilingServer = await startCeiling({ html, persistTo });
  try {
    const rows = [];
    for (let turn = 1; turn <= turns; turn++) {
      const app = { name: "app", url: new URL("/newsfeed", origin), headers: { cookie: await cookie() } };
      const bare = { name: "ceiling", url: new URL("/newsfeed", ceilingServer.origin), headers: {} };
      Object.assign(app, { cpu: cpuOf(appPid) });
      Object.assign(bare, { cpu: cpuOf(ceilingServer.pid) });
      const order = turn % 2 === 1 ? [app, bare] : [bare, app];
      const results = await throughput(order);
      const of = (name) => results[order.findIndex((target) => target.name === name)];
      rows.push({ turn, app: of("app"), ceiling: of("ceiling"), ratio: of("app").rps / of("ceiling").rps });
    }
    return summarize(rows, { bytes: html.length, statements: ceilingServer.statements });
  } finally {
    ceilingServer.stop();
  }
}

function summarize(rows, page) {
  const mid = (pick) => {
    const values = rows.map(pick).filter((value) => typeof value === "number");
    return values.length ? Number(median(values).toFixed(2)) : null;
  };
  const appCpuMs = mid((row) => row.app.cpuMsPerRequest);
  const ceilingCpuMs = mid((row) => row.ceiling.cpuMsPerRequest);
  const ratio = Number(median(rows.map((row) => row.ratio)).toFixed(3));
  return {
    ...page,
    turns: rows,
    ratio,
    goal: CEILING_GOAL,
    pass: ratio >= CEILING_GOAL,
    appCpuMs,
    ceilingCpuMs,
    ourCpuMs: appCpuMs === null || ceilingCpuMs === null ? null : Number((appCpuMs - ceilingCpuMs).toFixed(2)),
  };
}

/** Markdown: one row a turn, then the medians. */
export function ceilingReport(result) {
  if (!result) return "";
  const cpu = (value) => (value === null || value === undefined ? "–" : `${value} ms`);
  const lines = [
    `### /newsfeed against its ceiling (a Worker with no application code: the same ${result.bytes} bytes after the same ${result.statements}-statement D1 batch; goal ≥ ${result.goal})`,
    "",
    "| turn | app rps | ceiling rps | app / ceiling | app CPU / request | ceiling CPU / request |",
    "| --- | --- | --- | --- | --- | --- |",
    ...result.turns.map(
      (row) =>
        `| ${row.turn} | ${row.app.rps} | ${row.ceiling.rps} | ${row.ratio.toFixed(3)} | ${cpu(row.app.cpuMsPerRequest)} | ${cpu(row.ceiling.cpuMsPerRequest)} |`,
    ),
    `| median | | | **${result.ratio.toFixed(3)}** (${result.pass ? "meets" : "below"} ${result.goal}) | ${cpu(result.appCpuMs)} | ${cpu(result.ceilingCpuMs)} |`,
    "",
    `CPU per request attributable to our code (app − ceiling, wrangler and workerd processes): ${cpu(result.ourCpuMs)}`,
  ];
  return lines.join("\n");
}

// Alone: build, serve the bench's database, compare, print.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { build, selectBuildDir } = await import("../lib/local.mjs");
  const { STEP_TIMEOUT_MS, serverPid, startServer, stopServer } = await import("./server.mjs");
  const { createSession } = await import("./session.mjs");
  selectBuildDir("build-bench");
  if (process.env.SKIP_BUILD !== "1") build({ timeout: STEP_TIMEOUT_MS });
  try {
    const origin = await startServer();
    const session = createSession(origin);
    const result = await ceilingComparison({ origin, appPid: serverPid(), cookie: () => session.get({ fresh: true }) });
    console.log(`\n${ceilingReport(result)}`);
  } finally {
    await stopServer();
  }
  process.exit(0);
}
