// `node scripts/bench/compare-builds.mjs <build-dir-a> <build-dir-b> [path]`: the throughput of one
// page (default /newsfeed, signed in as the demo parent) served by two production builds in the
// same run, 1 s slices taken in turn (load.mjs), so a busy moment on a shared machine hits both
// alike. Each build gets its own fresh demo database. TURNS (default 3) repeats the whole
// comparison, swapping which build goes first. How a speed-up earns its place (issue 20): build
// the app with and without it (SCHOOLHUB_BUILD_DIR=build-x npx react-router build), compare here.
// Not part of `npm run bench`; prints a table and exits.
import { existsSync, rmSync } from "node:fs";
import { bin, run, selectBuildDir, serveBuild, waitForServer } from "../lib/local.mjs";
import { PREFERRED_PORT } from "./config.mjs";
import { cpuOf } from "./cpu.mjs";
import { median, throughput } from "./load.mjs";
import { STEP_TIMEOUT_MS } from "./server.mjs";
import { createSession } from "./session.mjs";

const [dirA, dirB, path = "/newsfeed"] = process.argv.slice(2);
if (!dirA || !dirB) {
  console.error("usage: node scripts/bench/compare-builds.mjs <build-dir-a> <build-dir-b> [path]");
  process.exit(2);
}
const TURNS = Number(process.env.TURNS ?? 3);
const servers = [];

function stopAll() {
  for (const server of servers) if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
}
process.on("exit", stopAll);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

async function serve(dir, port, persistTo) {
  // REUSE_DATA=1: the databases of the last run, as they are (seeding two takes minutes on a busy machine).
  if (process.env.REUSE_DATA !== "1" || !existsSync(persistTo)) {
    rmSync(persistTo, { recursive: true, force: true });
    const limit = { timeout: STEP_TIMEOUT_MS };
    run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], limit);
    run("node", ["scripts/seed.mjs", "--persist-to", persistTo], limit);
  }
  selectBuildDir(dir);
  const server = serveBuild({ port, persistTo, quiet: true, localObservability: false });
  servers.push(server);
  const origin = `http://127.0.0.1:${port}`;
  await waitForServer(`${origin}/about`, 90_000);
  const cookie = await createSession(origin).get({ fresh: true });
  const check = await fetch(new URL(path, origin), { headers: { cookie }, redirect: "manual" });
  if (check.status !== 200) throw new Error(`${dir}: ${path} answered ${check.status}`);
  return { dir, url: new URL(path, origin).href, headers: { cookie }, cpu: cpuOf(server.pid) };
}

const targets = [
  await serve(dirA, PREFERRED_PORT, ".wrangler/compare-a"),
  await serve(dirB, PREFERRED_PORT + 100, ".wrangler/compare-b"),
];
const rows = [];
for (let turn = 0; turn < TURNS; turn++) {
  const order = turn % 2 === 0 ? targets : [...targets].reverse();
  const results = await throughput(order);
  for (const [i, result] of results.entries()) rows.push({ turn: turn + 1, build: order[i].dir, ...result });
}
// CPU per request (the server's processes, cpu.mjs) holds better than req/s on a busy machine.
console.log(`\n${path}, ${TURNS} turns (requests/s; median and p95 latency in ms; server CPU ms per request)`);
console.log("| turn | build | req/s | median | p95 | CPU | requests | errors |\n|---|---|---|---|---|---|---|---|");
for (const row of rows) {
  console.log(
    `| ${row.turn} | ${row.build} | ${row.rps} | ${row.medianMs} | ${row.p95Ms} | ${row.cpuMsPerRequest ?? "–"} | ${row.requests} | ${row.errors} |`,
  );
}
for (const { dir } of targets) {
  const mine = rows.filter((row) => row.build === dir);
  const mean = mine.reduce((sum, row) => sum + row.rps, 0) / mine.length;
  const cpu = median(mine.map((row) => row.cpuMsPerRequest).filter((value) => value !== null));
  console.log(`${dir}: mean ${mean.toFixed(1)} req/s, median CPU ${cpu?.toFixed(2) ?? "–"} ms per request`);
}
stopAll();
process.exit(0);
