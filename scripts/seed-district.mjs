// `npm run seed:district -- --scale N [--persist-to DIR] [--fresh]`: a district that has used the
// app for three years, on top of the demo data, in the local D1 that `npm start` (or, with
// --persist-to .wrangler/bench-state, the bench) serves (issue 27, decision 166). At scale 1:
// 20,000 users, 40 school communities and 1,500 class/team/club ones, 300,000 posts with comments
// and likes, 2,000,000 chat messages in 60,000 conversations, 200,000 inbox messages, 30,000
// events with RSVPs, 1,000,000 notifications (the demo's 10,200 schools stay). Scale 0.1 for quick
// runs. The demo people (users 1–6) are members, senders and recipients like everyone else, and
// a heavy share falls on them, so their pages read a district's worth of data. Not part of npm test.
//
// Rows go straight into the local D1's SQLite file (node:sqlite, prepared statements in one
// transaction per table): millions of rows in a minute or two, where `wrangler d1 execute` of SQL
// text would take most of an hour. The server must not be running while it writes.
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { ensureDevVars, migrate, run } from "./lib/local.mjs";
import { districtPlan, fillDistrict } from "./seed/district.mjs";

const argument = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const scale = Number(argument("--scale", "0.1"));
if (!(scale > 0 && scale <= 5)) {
  console.error("--scale takes a number above 0 and at most 5 (1 = a district of 20,000 users)");
  process.exit(2);
}
const persistTo = argument("--persist-to", ".wrangler/state");

// A fresh database with the demo data first (as `npm run db:reset`), unless told to add to one.
if (!process.argv.includes("--keep")) {
  rmSync(join(persistTo, "v3", "d1"), { recursive: true, force: true });
  ensureDevVars();
  migrate(persistTo);
  run("node", ["scripts/seed.mjs", "--persist-to", persistTo]);
}

const dir = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
const file = readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
if (!file) throw new Error(`no local D1 database in ${dir}`);
const db = new DatabaseSync(join(dir, file));
db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; PRAGMA foreign_keys = OFF;");

const started = Date.now();
const plan = districtPlan(scale);
console.log(`━━ district at scale ${scale}: ${JSON.stringify(plan)}`);
fillDistrict(db, plan, (table, rows) =>
  console.log(`  ${table}: ${rows.toLocaleString("en")} rows (${((Date.now() - started) / 1000).toFixed(0)} s)`),
);
// No ANALYZE: a new production database has no statistics either, and the plans must hold without.
db.close();
console.log(`• district seeded in ${((Date.now() - started) / 1000).toFixed(0)} s into ${join(dir, file)}`);
