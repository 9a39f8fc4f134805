// `node scripts/bench/native-profile.mjs`: where the app's CPU over its ceiling goes, seen from
// outside JavaScript (decision 238). Serves the production build and the ceiling Worker
// (ceiling.mjs) as the ceiling comparison does, then, for each under the same load, records the
// workerd processes with Linux `perf` (workerd ships with its symbols) and prints, per request,
// how each one's CPU splits between the runtime's parts (gzip, SQLite, V8's C++ runtime, the
// compiled JavaScript, …) and the symbols where the app spends most beyond the ceiling. V8's own
// sampling profile (profile.mjs) cannot show this: it sees only JavaScript, and where its sampler
// misses time (a native call, the runtime's own work between turns) the sample before the gap
// takes the blame. Needs `perf` (Debian's linux-perf); not part of `npm run bench`.
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { build, selectBuildDir } from "../lib/local.mjs";
import { startCeiling } from "./ceiling.mjs";
import { processTree, treeCpuMs } from "./cpu.mjs";
import { STEP_TIMEOUT_MS, serverPersist, serverPid, startServer, stopServer } from "./server.mjs";
import { createSession } from "./session.mjs";

const SECONDS = Number(process.env.PERF_SECONDS ?? 8);
const CONCURRENCY = 4;
const TOP = Number(process.env.PERF_TOP ?? 25);
/** Requests before recording: V8 still compiles hot code after the first hundreds. */
const WARMUP = Number(process.env.PERF_WARMUP ?? 2000);

/** Each runtime part by the symbols that make it up; the first rule that matches wins. */
const PARTS = [
  [
    "gzip of the response",
    /longest_match|deflate|compress_block|build_tree|send_bits|pqdownheap|gen_bitlen|fill_window|_tr_|Gzip/,
  ],
  ["inflate", /inflate/],
  ["JavaScript, compiled", /^\[JIT\]$/],
  ["JavaScript, builtins and ICs", /^Builtins_/],
  ["V8 garbage collector", /v8::internal::(Heap|Scavenger|MarkCompact|Marking|Sweeper|Minor|Evacuat|Concurrent)|cppgc/],
  ["V8 runtime (C++)", /v8::|Runtime_/],
  ["SQLite (local D1)", /sqlite/i],
  ["workerd APIs and bindings", /workerd::/],
  ["I/O plumbing (kj, capnp, hyper)", /kj::|capnp::|hyper|tokio/],
  ["allocator", /tcmalloc|TCMalloc/],
  ["kernel", /^\[k\]/],
];

function partOf(symbol) {
  return PARTS.find(([, pattern]) => pattern.test(symbol))?.[0] ?? "other";
}

/** `perf report`'s samples by symbol (compiled JavaScript as one "[JIT]"; kernel symbols marked). */
function samplesBySymbol(file) {
  const text = execFileSync(
    "perf",
    ["report", "-i", file, "--no-children", "-g", "none", "--sort", "dso,sym", "-F", "sample,dso,sym", "--stdio"],
    { encoding: "utf8", maxBuffer: 256 * 1024 * 1024, stdio: ["ignore", "pipe", "ignore"] },
  );
  const samples = new Map();
  for (const line of text.split("\n")) {
    const match = /^\s+(\d+)\s+(.+?)\s+\[(.)\]\s+(.*)$/.exec(line);
    if (!match) continue;
    const [, count, dso, kind, name] = match;
    const symbol = dso.startsWith("[JIT]")
      ? "[JIT]"
      : kind === "k"
        ? `[k] ${name.trim()}`
        : name.trim().replace(/<.*/, "");
    samples.set(symbol, (samples.get(symbol) ?? 0) + Number(count));
  }
  return samples;
}

/** A process's command name, or null when it has gone. */
function commandOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return null;
  }
}

/** Records the workerd processes under `rootPid` while `url` is asked for SECONDS. */
async function record(name, url, headers, rootPid) {
  let warm = WARMUP;
  const warmer = async () => {
    while (warm-- > 0) await (await fetch(url, { headers })).arrayBuffer();
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, warmer));
  const workerd = [...processTree(rootPid).keys()].filter((pid) => commandOf(pid) === "workerd");
  if (workerd.length === 0) throw new Error(`${name}: no workerd under process ${rootPid}`);
  const file = `.wrangler/perf-${name}.data`;
  const args = ["record", "-q", "-e", "cpu-clock", "-F", "2000", "-g", "-p", workerd.join(","), "-o", file];
  const perf = spawn("perf", [...args, "--", "sleep", String(SECONDS)], { stdio: "ignore" });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const cpuBefore = workerd.reduce((sum, pid) => sum + treeCpuMs(pid), 0);
  const deadline = performance.now() + (SECONDS - 0.6) * 1000;
  let requests = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      await (await fetch(url, { headers })).arrayBuffer();
      requests += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const cpuMs = workerd.reduce((sum, pid) => sum + treeCpuMs(pid), 0) - cpuBefore;
  await new Promise((resolve) => perf.once("exit", resolve));
  const samples = samplesBySymbol(file);
  const total = [...samples.values()].reduce((sum, count) => sum + count, 0);
  // perf's sample rate drifts under load: its samples give the shares, /proc gives the CPU.
  const msPerSample = cpuMs / requests / total;
  return { name, requests, cpuMsPerRequest: cpuMs / requests, msPerSample, samples };
}

function report(app, ceiling) {
  const parts = new Map();
  for (const [index, run] of [app, ceiling].entries())
    for (const [symbol, count] of run.samples) {
      const part = parts.get(partOf(symbol)) ?? [0, 0];
      part[index] += count * run.msPerSample;
      parts.set(partOf(symbol), part);
    }
  const ms = (value) => value.toFixed(3);
  console.log(
    `\nworkerd CPU per /newsfeed request: app ${ms(app.cpuMsPerRequest)} ms (${app.requests} requests), ceiling ${ms(ceiling.cpuMsPerRequest)} ms (${ceiling.requests})`,
  );
  console.log("\n| part | app ms | ceiling ms | app − ceiling |\n|---|---|---|---|");
  for (const [part, [a, c]] of [...parts].sort((x, y) => y[1][0] - y[1][1] - (x[1][0] - x[1][1])))
    console.log(`| ${part} | ${ms(a)} | ${ms(c)} | ${ms(a - c)} |`);
  const symbols = new Set([...app.samples.keys(), ...ceiling.samples.keys()]);
  const rows = [...symbols].map((symbol) => {
    const a = (app.samples.get(symbol) ?? 0) * app.msPerSample;
    const c = (ceiling.samples.get(symbol) ?? 0) * ceiling.msPerSample;
    return [a - c, a, c, symbol];
  });
  console.log(`\nThe ${TOP} symbols where the app spends most beyond the ceiling (ms per request):`);
  for (const [diff, a, c, symbol] of rows.sort((x, y) => y[0] - x[0]).slice(0, TOP))
    console.log(`${ms(diff).padStart(7)}  (app ${ms(a)}, ceiling ${ms(c)})  ${symbol.slice(0, 120)}`);
}

try {
  execFileSync("perf", ["--version"], { stdio: "ignore" });
} catch {
  console.error("native-profile needs Linux perf (Debian: apt-get install linux-perf)");
  process.exit(2);
}
selectBuildDir("build-bench");
if (process.env.SKIP_BUILD !== "1") build({ timeout: STEP_TIMEOUT_MS });
let ceilingServer;
try {
  const origin = await startServer();
  const cookie = await createSession(origin).get({ fresh: true });
  const html = await (await fetch(`${origin}/newsfeed`, { headers: { cookie } })).text();
  ceilingServer = await startCeiling({ html, persistTo: serverPersist() });
  const app = await record("app", `${origin}/newsfeed`, { cookie }, serverPid());
  const ceiling = await record("ceiling", `${ceilingServer.origin}/newsfeed`, {}, ceilingServer.pid);
  report(app, ceiling);
} finally {
  ceilingServer?.stop();
  await stopServer();
}
process.exit(0);
