// `npm test`: everything CI checks, stopping at the first failure. It builds into build-test/,
// so an `npm start` running in another terminal keeps serving build/ (decision 032).
//
// Steps that do not need each other run side by side (decisions 086, 182, 189): the type check
// and the end-to-end database (migrations and demo data) beside lint, the build and the
// integration suite; the build beside lint and the import checks; the end-to-end server's start
// and the deploy dry run beside the integration suite; with SUITE_BESIDE=1, the integration suite
// beside the end-to-end suite, on the CPU the browsers leave idle (decision 224). A build of the same sources is copied, not made again (decision 189). A step that runs
// beside others prints its output in one piece when it ends; the first failure ends them all.
import { spawn, spawnSync } from "node:child_process";
import { copyBuild, inputsHash, isCurrent, writeStamp } from "./lib/build-stamp.mjs";
import { besideDecision, groupPriority, IDLE_NICE, ordinaryPriority, watchStarvation } from "./lib/idle-cpu.mjs";
import { bin, buildDir, ensureDevVars, env, selectBuildDir } from "./lib/local.mjs";

/** The line scripts/serve-e2e.mjs prints once the real pages answer (decision 086). */
const E2E_READY = "SchoolHub e2e server ready";

selectBuildDir("build-test");
const dir = buildDir();
// Before anything runs: the build and the end-to-end server both read .dev.vars.
ensureDevVars();
// What the build would be made from, before any step writes into the checkout (decision 189).
const inputs = inputsHash();

const started = Date.now();
/** The nice level of a step that yields: the type check. */
const YIELDING = 5;
const canNice = spawnSync("nice", ["-n", String(YIELDING), "true"]).status === 0;
const timings = [];
const running = new Set();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/** Ends every step still running, background ones with whatever they started (their process group). */
function stopAll() {
  for (const child of running) {
    try {
      process.kill(child.detached ? -child.pid : child.pid, "SIGTERM");
    } catch {}
  }
}

function fail(name, code, output = "") {
  if (output) process.stdout.write(output);
  console.error(`\n✗ ${name} failed (exit ${code})`);
  stopAll();
  process.exit(code || 1);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

/** A current build of these sources, in build-test/ or build/: copied to build-test/, and no build. */
function reuseBuild() {
  const current = [dir, "build"].find((candidate) => isCurrent(candidate, inputs));
  if (!current) return null;
  if (current !== dir) copyBuild(current, dir, inputs);
  console.log(`\n━━ build: ${current}/ is a build of these sources${current === dir ? "" : `, copied to ${dir}/`}`);
  return Promise.resolve();
}

/**
 * Starts a step. In the foreground its output streams as it comes; in the background it is
 * kept and printed when the step ends. Resolves when it succeeds; a failure ends the run.
 */
function step(name, command, args, { background = false, extraEnv = {}, yields = false, idle = false } = {}) {
  const begun = Date.now();
  if (!background) console.log(`\n━━ ${name}`);
  // A step that yields runs at a lower priority (nice) and gives the CPU to the others when they
  // need it (decision 189); an idle one at the lowest, only on CPU nothing else wants (decision 224).
  const level = idle ? IDLE_NICE : yields ? YIELDING : 0;
  if (level > 0 && canNice) [command, args] = ["nice", ["-n", String(level), command, ...args]];
  const child = spawn(command, args, {
    env: { ...env, ...extraEnv },
    stdio: background ? ["ignore", "pipe", "pipe"] : "inherit",
    detached: background,
  });
  child.detached = background;
  // A background step is a session of its own, which the kernel's autogroups schedule as one
  // group against the others: a nice inside it would only order its own processes. The group
  // itself gets the step's priority (decision 224).
  if (background && level > 0) groupPriority(child.pid, level);
  running.add(child);
  let output = "";
  if (background) {
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
  }
  const done = new Promise((resolve) => {
    child.on("close", (code) => {
      running.delete(child);
      const took = Date.now() - begun;
      timings.push([name, took, begun - started]);
      if (code !== 0) fail(name, code, background ? `\n━━ ${name} (ran beside the others)\n${output}` : "");
      if (background) process.stdout.write(`\n━━ ${name} (ran beside the others, ${seconds(took)})\n${output}`);
      resolve();
    });
  });
  return Object.assign(done, { child });
}

/**
 * Starts `scripts/serve-e2e.mjs` on the database made beside the type check (E2E_STATE_PREPARED)
 * and resolves once it prints its ready line, as Playwright's webServer would have waited for.
 * Its stderr (the `[e2e server]` errors, as Playwright showed them) goes straight to ours.
 */
function startE2eServer() {
  const begun = Date.now();
  const child = spawn("node", ["scripts/serve-e2e.mjs"], {
    env: { ...env, E2E_STATE_PREPARED: "1" },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  child.detached = true;
  running.add(child);
  return new Promise((resolve) => {
    let output = "";
    let ready = false;
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (!ready && output.includes(E2E_READY)) {
        ready = true;
        timings.push(["end-to-end server (start and warm-up)", Date.now() - begun, begun - started]);
        resolve(child);
      }
    });
    child.on("close", (code) => {
      running.delete(child);
      if (!child.stopping) fail("end-to-end server", code ?? 1, output);
    });
  });
}

/** Ends the end-to-end server and whatever it started (its process group). */
function stopServer(child) {
  child.stopping = true;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {}
}

const typecheck = step("typecheck", "npm", ["run", "typecheck"], { background: true, yields: true });
// Before the e2e database is made: the drift check may write into migrations/ and undo it.
await step("schema matches migrations", "node", ["scripts/check-schema-drift.mjs"]);
const e2eDatabase = step("end-to-end database", "node", ["scripts/serve-e2e.mjs", "--prepare-only"], {
  background: true,
});
// The build needs none of the checks below, so it runs beside them (decision 182). A build of
// exactly these sources is not made again (decision 189): the last `npm test`'s, or the one
// `npm start` and `.ci/run` made in build/, copied.
const build = reuseBuild() ?? step(`build (${dir}/)`, bin("react-router"), ["build"], { background: true });
await step("lint", bin("biome"), ["check", "."]);
// Services, routes and components import in one direction (decision 089): no module cycle in app/.
await step("import cycles", "node", ["scripts/check-import-cycles.mjs"]);
await step("areas depend one way (docs/architecture.md)", "node", ["scripts/check-area-direction.mjs"]);
await build;
writeStamp(dir, inputs);
// wrangler deploys the configuration the build wrote (.wrangler/deploy/config.json points at
// it); tests/integration/deploy-config.test.ts checks that its vars fail closed.
const dryRun = step(
  "deploy bundle (wrangler deploy --dry-run)",
  bin("wrangler"),
  ["deploy", "--dry-run", "--outdir", `${dir}/dry-run`],
  { background: true },
);
// The end-to-end server starts (and warms up) once its database and the build are there, beside
// the integration suite, instead of after it inside Playwright (decision 206): idle until the
// browsers come, it costs the integration suite a few seconds of CPU and the suite its start.
const e2eServer = Promise.all([build, e2eDatabase]).then(startE2eServer);
// The integration suite and the end-to-end suite. The browsers keep about one core of two busy
// on a quiet machine (decision 206) and the integration suite is CPU-bound: beside them, at the
// lowest priority, it runs on the core they leave idle (decision 224). But its tests that wait on
// a clock (queued mail) starved there, so it runs first unless SUITE_BESIDE=1 (or auto: beside
// when nobody else keeps a core busy; side by side on a busy machine they slowed each other more
// than they gained, decision 189).
const { beside, why } = await besideDecision();
console.log(`\n━━ integration suite ${beside ? "beside" : "before"} the end-to-end suite (${why})`);
const integration = beside
  ? step("integration (vitest in workerd, on idle CPU)", bin("vitest"), ["run"], { background: true, idle: true })
  : step("integration (vitest in workerd)", bin("vitest"), ["run"]);
// Work of someone else's may take the machine meanwhile: then the suite gets an ordinary
// priority back before its tests wait out their timeouts (and a breath of it when the browsers
// alone kept it from the CPU for 10 s).
const unwatch = beside
  ? watchStarvation(integration.child.pid, {
      onStarved: ({ others }) =>
        console.log(
          `\n━━ integration: others' work took the machine (${others.toFixed(1)} cores), back to an ordinary priority`,
        ),
    })
  : () => {};
if (!beside) await integration;
const server = await e2eServer;
// The server is up and warm: Playwright uses it rather than starting its own (playwright.config.ts).
await step("end-to-end (Playwright, JS on and off)", bin("playwright"), ["test"], {
  extraEnv: { E2E_SERVER_STARTED: "1" },
});
stopServer(server);
// Whatever the integration suite has left runs at an ordinary priority: nothing of ours competes.
unwatch();
if (beside && integration.child.exitCode === null) ordinaryPriority(integration.child.pid);
await Promise.all([integration, typecheck, dryRun]);

console.log("\n━━ time per step (started at, took)");
for (const [name, took, at] of timings.sort((a, b) => a[2] - b[2])) {
  console.log(`  ${seconds(at).padStart(6)}  ${seconds(took).padStart(6)}  ${name}`);
}
console.log(`\n✓ all checks passed in ${seconds(Date.now() - started)}`);
