// `npm test`: everything CI checks, in order, stopping at the first failure.
import { bin, env, run } from "./lib/local.mjs";

const steps = [
  ["typecheck", "npm", ["run", "typecheck"]],
  ["lint", bin("biome"), ["check", "."]],
  ["schema matches migrations", "node", ["scripts/check-schema-drift.mjs"]],
  ["build", bin("react-router"), ["build"]],
  ["integration (vitest in workerd)", bin("vitest"), ["run"]],
  ["end-to-end (Playwright, JS on and off)", bin("playwright"), ["test"]],
  ["deploy bundle (wrangler deploy --dry-run)", bin("wrangler"), ["deploy", "--dry-run", "--outdir", "build/dry-run"]],
];

for (const [name, command, args] of steps) {
  console.log(`\n━━ ${name}`);
  run(command, args, { env });
}
console.log("\n✓ all checks passed");
