// `npm test`: everything CI checks, in order, stopping at the first failure. It builds into
// build-test/, so an `npm start` running in another terminal keeps serving build/ (decision 032).
import { bin, build, buildDir, env, run, selectBuildDir } from "./lib/local.mjs";

selectBuildDir("build-test");
const dir = buildDir();

const steps = [
  ["typecheck", () => run("npm", ["run", "typecheck"], { env })],
  ["lint", () => run(bin("biome"), ["check", "."], { env })],
  ["schema matches migrations", () => run("node", ["scripts/check-schema-drift.mjs"], { env })],
  [`build (${dir}/)`, () => build()],
  ["integration (vitest in workerd)", () => run(bin("vitest"), ["run"], { env })],
  ["end-to-end (Playwright, JS on and off)", () => run(bin("playwright"), ["test"], { env })],
  // wrangler deploys the configuration the build wrote (.wrangler/deploy/config.json points at
  // it); tests/integration/deploy-config.test.ts checks that its vars fail closed.
  [
    "deploy bundle (wrangler deploy --dry-run)",
    () => run(bin("wrangler"), ["deploy", "--dry-run", "--outdir", `${dir}/dry-run`], { env }),
  ],
];

for (const [name, step] of steps) {
  console.log(`\n━━ ${name}`);
  step();
}
console.log("\n✓ all checks passed");
