// Before `npm run dev`: secrets, migrations and demo data, the same as `npm start`.
// With --build (`.ci/run`, before `npm test`): everything `npm start` does except serving.
import { prepareLocal } from "./lib/local.mjs";

const PERSIST = ".wrangler/state";
prepareLocal(PERSIST, { withBuild: process.argv.includes("--build") });
