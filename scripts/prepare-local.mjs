// Before `npm run dev`: secrets, migrations and demo data, the same as `npm start`.
import { ensureDevVars, migrate, seedIfEmpty } from "./lib/local.mjs";

const PERSIST = ".wrangler/state";
ensureDevVars();
migrate(PERSIST);
seedIfEmpty(PERSIST);
