// `node scripts/bench/profile.mjs [path…]`: where our isolate's time goes on signed-in pages
// (decisions 192, 199). Serves the production build on its own fresh demo database, signs the demo
// parent in, then for each path: the server's CPU per request (wrangler and the workerd under it,
// cpu.mjs) over PROFILE_REQUESTS requests, and V8's sampling profile of the Worker's isolate over
// the same requests, through wrangler's inspector proxy (its WebSocket wants an Origin header,
// which Node's own WebSocket does not send: `ws` does). Prints each path's CPU per request and
// each function's share of the samples that caught JavaScript running, and writes
// `.wrangler/profile/<path>.cpuprofile` for Chrome's DevTools. Not part of `npm run bench`. PROFILE_PORT (default BENCH_PORT + 50).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import WebSocket from "ws";
import { bin, run, serveBuild, waitForServer } from "../lib/local.mjs";
import { PREFERRED_PORT } from "./config.mjs";
import { cpuOf } from "./cpu.mjs";
import { throughput } from "./load.mjs";
import { STEP_TIMEOUT_MS } from "./server.mjs";
import { createSession } from "./session.mjs";

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/newsfeed"];
const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 300);
const CONCURRENCY = 4;
const PORT = Number(process.env.PROFILE_PORT ?? PREFERRED_PORT + 50);
const INSPECTOR_PORT = PORT + 1;
const PERSIST = ".wrangler/profile-state";
const OUT = ".wrangler/profile";

if (process.env.REUSE_DATA !== "1") {
  rmSync(PERSIST, { recursive: true, force: true });
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", PERSIST], {
    timeout: STEP_TIMEOUT_MS,
  });
  run("node", ["scripts/seed.mjs", "--persist-to", PERSIST], { timeout: STEP_TIMEOUT_MS });
}
const server = serveBuild({
  port: PORT,
  persistTo: PERSIST,
  quiet: !process.env.PROFILE_VERBOSE,
  localObservability: false,
  inspectorPort: INSPECTOR_PORT,
});
process.on("exit", () => server.kill("SIGTERM"));
const origin = `http://127.0.0.1:${PORT}`;
await waitForServer(`${origin}/about`, 120_000);
const cookie = await createSession(origin).get({ fresh: true });
const cpu = cpuOf(server.pid);

/** The app's isolate through the inspector proxy: Chrome DevTools Protocol over a WebSocket. */
async function inspector() {
  const targets = await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json`)).json();
  const target = targets.find((t) => !/miniflare|core:/i.test(t.title ?? "")) ?? targets[0];
  const socket = new WebSocket(target.webSocketDebuggerUrl, { headers: { Origin: "http://127.0.0.1" } });
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let id = 0;
  const pending = new Map();
  socket.on("message", (raw) => {
    const message = JSON.parse(String(raw));
    if (message.id && pending.has(message.id)) {
      pending.get(message.id)(message.result);
      pending.delete(message.id);
    }
  });
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      id += 1;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}

async function load(url, headers, count) {
  let left = count;
  const worker = async () => {
    while (left > 0) {
      left -= 1;
      const response = await fetch(url, { headers, redirect: "manual" });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/**
 * Each function's share of the samples that caught JavaScript running. Counted, not weighed by
 * the time to the next sample: under load the sampler misses stretches (the runtime's own work
 * between turns, a native call), and weighing would hand each gap to the sample before it —
 * React's `writeChunk`, which ends each flush, came out at a third of the isolate that way, and
 * at an eighth by count (decision 238; native-profile.mjs shows the runtime's side).
 */
function selfShares(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  let busy = 0;
  for (const sampleId of profile.samples) {
    const { functionName, url, lineNumber } = byId.get(sampleId).callFrame;
    if (functionName === "(idle)" || functionName === "(program)") continue;
    busy += 1;
    const key = `${functionName || "(anonymous)"} ${url.split("/").slice(-2).join("/")}:${lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + 1);
  }
  return { busy, rows: [...self.entries()].sort((a, b) => b[1] - a[1]) };
}

// Each path's server CPU per request, in 1 s slices taken in turn (load.mjs), so the load of a
// shared machine falls on every path alike: the figures compare with each other, not across runs.
// A path prefixed "guest:" is asked without the session cookie.
const targets = paths.map((path) => ({
  path,
  url: new URL(path.replace(/^guest:/, ""), origin).href,
  headers: path.startsWith("guest:") ? {} : { cookie },
  cpu,
}));
console.log("| path | req/s | median ms | server CPU ms per request |\n|---|---|---|---|");
for (const [i, result] of (await throughput(targets)).entries()) {
  console.log(`| ${targets[i].path} | ${result.rps} | ${result.medianMs} | ${result.cpuMsPerRequest ?? "–"} |`);
}
if (process.env.PROFILE_SAMPLES === "0") process.exit(0);

mkdirSync(OUT, { recursive: true });
const { send, close } = await inspector();
await send("Profiler.enable");
await send("Profiler.setSamplingInterval", { interval: 100 });
for (const { path, url, headers } of targets) {
  await load(url, headers, 100); // warm-up: the isolate's JIT and caches
  const before = cpu();
  await load(url, headers, REQUESTS);
  const cpuPerRequest = (cpu() - before) / REQUESTS;
  await send("Profiler.start");
  await load(url, headers, REQUESTS);
  const { profile } = await send("Profiler.stop");
  writeFileSync(`${OUT}/${path.replaceAll(/[^\w]+/g, "_")}.cpuprofile`, JSON.stringify(profile));
  const { busy, rows } = selfShares(profile);
  console.log(
    `\n${path}: server CPU ${cpuPerRequest.toFixed(2)} ms per request; ${busy} samples of JavaScript running, by function:`,
  );
  for (const [key, count] of rows.slice(0, Number(process.env.PROFILE_TOP ?? 30))) {
    console.log(`${((100 * count) / busy).toFixed(1).padStart(5)}%  ${key}`);
  }
}
close();
server.kill("SIGTERM");
process.exit(0);
