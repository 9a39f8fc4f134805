// The servers under test: the production build on workerd at 127.0.0.1, each on a free port, over
// its own database: the demo data in .wrangler/bench-state, or a district (scripts/seed-district.mjs)
// on top of it in .wrangler/bench-district-<scale>. Each database is made fresh, unless
// REUSE_DATA=1 and the last run left one of the same kind (a scale-1 district takes minutes to
// seed; decision 212). stopServer() is safe to call at any time, any number of times.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { bin, ensureDevVars, run, serveBuild, waitForServer } from "../lib/local.mjs";
import { seedChatDeliveryUsers } from "./chat-delivery.mjs";
import { PERSIST, PREFERRED_PORT } from "./config.mjs";
import { seedDigestUsers } from "./digest.mjs";
import { seedRealtimeUsers } from "./realtime.mjs";

export const STEP_TIMEOUT_MS = 5 * 60_000;
const servers = [];
let main = null;
/** When the last database finished seeding (ms since the epoch; 0 before any). */
let readyAt = 0;

function freePort(preferred) {
  const tryPort = (port) =>
    new Promise((resolve, reject) => {
      const probe = createServer().once("error", reject);
      probe.listen(port, "127.0.0.1", () => {
        const { port: bound } = probe.address();
        probe.close(() => resolve(bound));
      });
    });
  return tryPort(preferred).catch(() => tryPort(0));
}

/** Where the database of a run at `scale` (null: the demo data alone) lives. */
export const persistFor = (scale) => (scale === null ? PERSIST : `.wrangler/bench-district-${scale}`);

/** The `wrangler dev` process serving the build (its workerd runs under it), or null. */
export const serverPid = () => main?.child.pid ?? null;
/** The database the server of startServer() serves. */
export const serverPersist = () => main?.persistTo ?? PERSIST;

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Stops every server this module started. */
export async function stopServer() {
  await Promise.all(servers.map(({ child }) => stop(child)));
}

/**
 * A database for the bench: migrations, the demo data, the district at `scale`, the realtime and
 * chat-delivery phases' people (and the digest's 10,000 when it runs, decision 171). A marker
 * file says what it holds; REUSE_DATA=1 keeps one that holds what is asked (migrations still apply).
 */
function prepareDatabase(persistTo, { scale, digest }) {
  const marker = `${persistTo}/bench-data.json`;
  const wanted = { scale, digest };
  const limit = { timeout: STEP_TIMEOUT_MS };
  ensureDevVars();
  if (process.env.REUSE_DATA === "1" && existsSync(marker)) {
    const held = JSON.parse(readFileSync(marker, "utf8"));
    if (held.scale === scale && (held.digest || !digest)) {
      console.log(`• REUSE_DATA=1: ${persistTo} as the last run left it (${JSON.stringify(held)})`);
      run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], limit);
      return;
    }
  }
  rmSync(persistTo, { recursive: true, force: true });
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], limit);
  run("node", ["scripts/seed.mjs", "--persist-to", persistTo], limit);
  if (scale !== null)
    run("node", ["scripts/seed-district.mjs", "--scale", String(scale), "--persist-to", persistTo, "--keep"], {
      timeout: 30 * 60_000,
    });
  seedRealtimeUsers(persistTo);
  seedChatDeliveryUsers(persistTo);
  if (digest) seedDigestUsers(persistTo);
  writeFileSync(marker, `${JSON.stringify({ ...wanted, seededAt: new Date().toISOString() })}\n`);
}

/**
 * Prepares a database and serves the build over it; resolves to `{ origin, pid, persistTo }`
 * once it answers. `scale`: a district on top of the demo data, or null for the demo alone.
 */
export async function launchServer({ scale = null, digest = false, port = PREFERRED_PORT } = {}) {
  const persistTo = persistFor(scale);
  prepareDatabase(persistTo, { scale, digest });
  readyAt = Date.now();
  const origin = `http://127.0.0.1:${await freePort(port)}`;
  console.log(`\n━━ serving the build on ${origin} (${scale === null ? "demo data" : `district scale ${scale}`})`);
  // DEV_ROUTES: the realtime phase creates notifications through POST /__dev/notify.
  const child = serveBuild({
    port: Number(new URL(origin).port),
    persistTo,
    quiet: true,
    localObservability: false,
    vars: { DEV_ROUTES: "true", MAIL_TRANSPORT: "outbox", COUNT_D1: "true" },
  });
  const server = { child, origin, persistTo, pid: child.pid, stop: () => stop(child) };
  servers.push(server);
  const died = new Promise((_, reject) =>
    child.once("exit", (code) => reject(new Error(`the server exited (${code}) before answering`))),
  );
  await Promise.race([waitForServer(`${origin}/about`, 90_000), died]);
  return server;
}

/** The run's server (the one serverPid() and serverPersist() describe); resolves to its origin. */
export async function startServer(options = {}) {
  main = await launchServer(options);
  return main.origin;
}

/**
 * Stops the servers on Ctrl-C and when the run takes longer than `limitMs`, counted from now or
 * from the last database made ready: seeding a district takes what it takes on a busy machine
 * (the seed has its own 30-min limit).
 */
export function stopServersOnExit(limitMs) {
  const started = Date.now();
  const watchdog = setInterval(async () => {
    if (Date.now() - Math.max(started, readyAt) < limitMs) return;
    clearInterval(watchdog);
    console.error(`✗ the benchmark took longer than ${limitMs / 60_000} min; stopping`);
    await stopServer();
    process.exit(2);
  }, 5_000);
  watchdog.unref();
  for (const signal of ["SIGINT", "SIGTERM"])
    process.on(signal, async () => {
      await stopServer();
      process.exit(130);
    });
}
