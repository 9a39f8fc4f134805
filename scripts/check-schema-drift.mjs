// Fails when app/server/db/schema/ and migrations/ disagree (DESIGN §2: they never drift).
// drizzle-kit compares the schema with the latest snapshot; any output file means drift.
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { bin, run } from "./lib/local.mjs";

// drizzle-kit reports two snapshots with one parent (a merge of two branches' migrations) and
// then exits 0 having compared nothing: the snapshots must form one chain first.
const parents = new Map();
for (const name of readdirSync("migrations/meta").filter((file) => file.endsWith("_snapshot.json"))) {
  const { prevId } = JSON.parse(readFileSync(`migrations/meta/${name}`, "utf8"));
  if (parents.has(prevId)) {
    console.error(`✗ migrations/meta: ${parents.get(prevId)} and ${name} have one parent; make them one chain.`);
    process.exit(1);
  }
  parents.set(prevId, name);
}

const before = new Set(readdirSync("migrations"));
run(bin("drizzle-kit"), ["generate", "--name", "drift_check"]);
const added = readdirSync("migrations").filter((name) => !before.has(name));
if (added.length > 0) {
  for (const name of added) rmSync(`migrations/${name}`, { recursive: true, force: true });
  run("git", ["checkout", "--", "migrations/meta"]);
  console.error(
    `✗ app/server/db/schema/ has changes without a migration: run \`npm run db:generate -- --name <what>\` and commit it.`,
  );
  process.exit(1);
}
console.log("✓ schema and migrations agree");
