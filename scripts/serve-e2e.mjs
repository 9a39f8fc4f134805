// The server Playwright starts: the production build on workerd, with a fresh database and
// demo data of its own, so end-to-end runs never touch the developer's local data.
import { rmSync } from "node:fs";
import { startFakeIdp } from "./fake-idp.mjs";
import { ensureDevVars, migrate, run, serveBuild } from "./lib/local.mjs";

const PERSIST = ".wrangler/e2e-state";
rmSync(PERSIST, { recursive: true, force: true });
ensureDevVars();
migrate(PERSIST);
run("node", ["scripts/seed.mjs", "--persist-to", PERSIST]);
// Google and Apple sign-in run against a fake provider on 127.0.0.1:8799 (decision 020); it lives
// in this process and ends with it.
const idp = await startFakeIdp({ port: Number(process.env.E2E_IDP_PORT ?? 8799) });
const server = serveBuild({
  port: Number(process.env.E2E_PORT ?? 8788),
  persistTo: PERSIST,
  vars: { E2E: "1", DEV_ROUTES: "true", MAIL_TRANSPORT: "outbox", ...idp.appVars },
});
server.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
