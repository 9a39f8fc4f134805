// `npm run db:reset`: drop the local database and start over with fresh demo data.
import { rmSync } from "node:fs";
import { ensureDevVars, migrate, run } from "./lib/local.mjs";

const PERSIST = ".wrangler/state";
rmSync(`${PERSIST}/v3/d1`, { recursive: true, force: true });
ensureDevVars();
migrate(PERSIST);
run("node", ["scripts/seed.mjs", "--persist-to", PERSIST]);
