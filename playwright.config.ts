import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/lib/chromium.mjs";

// E2E_PORT lets two checkouts run their suites side by side.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8788);
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

/**
 * End-to-end tests on the system Chromium (scripts/lib/chromium.mjs), against the production
 * build served by workerd on 127.0.0.1, with fresh local D1 and demo data. Every test runs
 * twice: with JavaScript and without. Tests tagged @js-only need JavaScript by nature.
 */
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
};

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // Two: a third gained nothing on a quiet two-core machine and made a scroll test flaky
  // (decision 206). E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Tests, not files, are shared out to the workers, so no file's tests queue behind each other
  // while the other worker idles (decision 086). A file whose tests share an account in turn
  // says so with test.describe.configure({ mode: "default" }).
  fullyParallel: true,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // A trace (a screencast and a DOM snapshot per action) is recorded for a test's retry, not for
  // every test: recording it for all of them cost over a quarter of the suite's CPU, for tests
  // that pass (decision 189). On CI a failure is retried once, traced; locally, rerun a failing
  // spec with `--trace on`.
  use: { baseURL: E2E_ORIGIN, trace: "on-first-retry" },
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true } },
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  // `npm test` starts the server itself, beside the integration suite, and says so (decision 206).
  webServer:
    process.env.E2E_SERVER_STARTED === "1"
      ? undefined
      : {
          command: "node scripts/serve-e2e.mjs",
          // Printed once the real pages answer in full, not at the first 200 (decision 086).
          wait: { stdout: /SchoolHub e2e server ready/ },
          // Migrations and the demo data come first (unless `npm test` made them beside the type
          // check); on a shared, busy machine that took over 2 min.
          timeout: 300_000,
          stdout: "ignore",
          stderr: "pipe",
        },
});
