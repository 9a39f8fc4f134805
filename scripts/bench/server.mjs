// The server under test: a fresh demo database in .wrangler/bench-state and the production build
// on workerd at 127.0.0.1, on a free port. stopServer() is safe to call at any time, any number of times.
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { bin, ensureDevVars, run, serveBuild, waitForServer } from "../lib/local.mjs";
import { seedChatDeliveryUsers } from "./chat-delivery.mjs";
import { PERSIST, PREFERRED_PORT } from "./config.mjs";
import { seedDigestUsers } from "./digest.mjs";
import { seedRealtimeUsers } from "./realtime.mjs";

export const STEP_TIMEOUT_MS = 5 * 60_000;
let server = null;

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

/** The `wrangler dev` process serving the build (its workerd runs under it), or null. */
export const serverPid = () => server?.pid ?? null;

export async function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** `scale`: a district (scripts/seed-district.mjs) on top of the demo data, or null for the demo alone. */
export async function startServer({ scale = null, digest = false } = {}) {
  rmSync(PERSIST, { recursive: true, force: true });
  ensureDevVars();
  const limit = { timeout: STEP_TIMEOUT_MS };
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", PERSIST], limit);
  run("node", ["scripts/seed.mjs", "--persist-to", PERSIST], limit);
  if (scale !== null)
    run("node", ["scripts/seed-district.mjs", "--scale", String(scale), "--persist-to", PERSIST, "--keep"], {
      timeout: 30 * 60_000,
    });
  seedRealtimeUsers(PERSIST);
  seedChatDeliveryUsers(PERSIST);
  // The digest run's 10,000 people, only when it runs (decision 171).
  if (digest) seedDigestUsers(PERSIST);
  const port = await freePort(PREFERRED_PORT);
  const origin = `http://127.0.0.1:${port}`;
  console.log(`\n━━ serving the build on ${origin}`);
  // DEV_ROUTES: the realtime phase creates notifications through POST /__dev/notify.
  server = serveBuild({
    port,
    persistTo: PERSIST,
    quiet: true,
    localObservability: false,
    vars: { DEV_ROUTES: "true", MAIL_TRANSPORT: "outbox", COUNT_D1: "true" },
  });
  const died = new Promise((_, reject) =>
    server.once("exit", (code) => reject(new Error(`the server exited (${code}) before answering`))),
  );
  await Promise.race([waitForServer(`${origin}/about`, 90_000), died]);
  return origin;
}
