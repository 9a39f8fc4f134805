import { generateKeyPairSync } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

// Sign in with Apple signs its client secret with the team's private key: a throwaway one here,
// whose public half lets the tests' fake Apple check what the app signs.
const appleKey = generateKeyPairSync("ec", { namedCurve: "P-256" });

/** Google and Apple (docs/decisions/020-social-sign-in.md) point at https://idp.test, a fake provider the tests answer for. */
const SOCIAL_TEST_BINDINGS = {
  GOOGLE_CLIENT_ID: "test-client.apps.googleusercontent.test",
  GOOGLE_CLIENT_SECRET: "test-google-secret",
  GOOGLE_AUTH_URL: "https://idp.test/google/authorize",
  GOOGLE_TOKEN_URL: "https://idp.test/google/token",
  GOOGLE_JWKS_URL: "https://idp.test/google/jwks",
  GOOGLE_ISSUER: "https://idp.test/google",
  APPLE_CLIENT_ID: "test.schoolhub.signin",
  APPLE_TEAM_ID: "TESTTEAM01",
  APPLE_KEY_ID: "TESTKEY001",
  APPLE_PRIVATE_KEY: appleKey.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  APPLE_AUTH_URL: "https://idp.test/apple/authorize",
  APPLE_TOKEN_URL: "https://idp.test/apple/token",
  APPLE_JWKS_URL: "https://idp.test/apple/jwks",
  APPLE_ISSUER: "https://idp.test/apple",
  TEST_APPLE_PUBLIC_KEY: appleKey.publicKey.export({ type: "spki", format: "pem" }).toString(),
};

/**
 * The Worker as wrangler.toml describes it, without the developer's `.dev.vars`
 * (docs/decisions/032-test-and-bench-builds.md): `npm start` writes DEV_ROUTES and the outbox
 * there, and the suite must give the same answers on a fresh clone and after `npm start`.
 * Naming an env file that never exists is how wrangler is told to skip `.dev.vars`.
 */
function workerFromWranglerToml() {
  // `envFiles` is accepted at runtime (wrangler passes it on to getVarsForDev) but not typed.
  const getOptions = unstable_getMiniflareWorkerOptions as (
    configPath: string,
    env: undefined,
    options: { envFiles: string[] },
  ) => ReturnType<typeof unstable_getMiniflareWorkerOptions>;
  const { workerOptions } = getOptions("./wrangler.toml", undefined, {
    envFiles: [".env.integration-tests-read-no-local-vars"],
  });
  const { modulesRules: _rules, rootPath: _root, ...options } = workerOptions;
  return options;
}

/** Where `npm test` builds (scripts/test.mjs): build-test/, so a running `npm start` keeps build/. */
const BUILD_DIR = process.env.SCHOOLHUB_BUILD_DIR ?? "build";

/**
 * The `[vars]` that `wrangler deploy` would upload: the build's wrangler.json, which
 * .wrangler/deploy/config.json points wrangler deploy at. tests/integration/deploy-config.test.ts
 * proves production fails closed with them (decision 033).
 */
function deployedVars(): Record<string, string> | null {
  const path = `./${BUILD_DIR}/server/wrangler.json`;
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")).vars ?? {}) : null;
}

const worker = workerFromWranglerToml();

/**
 * The production bundle is ES modules already built for workerd, so workerd loads it natively
 * (Miniflare's module rules), as it runs once deployed. By the plugin's default every module is
 * inlined through Vite: each test file's fresh workerd got the bundle's megabytes of chunks
 * transformed, escaped into its RPC messages and compiled from strings, about 1 CPU-s a file of
 * the suite's 3 (decision 209). Tests import app sources (`~/…`) through Vite as before.
 *
 * workerd asks the plugin for the chunks the entry imports, and the plugin decides a `.js` file's
 * module type from the nearest package.json it finds, remembering the answer for that folder for
 * every later file below it, including node_modules' CommonJS packages: the build's nearest was
 * the project's own, and react-dom or lodash then loaded as ES modules and failed. So the suite
 * runs a byte-for-byte copy of the bundle in a folder whose package.json says what it holds
 * (the same function as cloudflare/workers-sdk#15095).
 */
function bundleForTests() {
  const dir = `.wrangler/test-bundle/${BUILD_DIR}`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/package.json`, '{ "type": "module" }\n');
  if (existsSync(`./${BUILD_DIR}/server`)) cpSync(`./${BUILD_DIR}/server`, `${dir}/server`, { recursive: true });
  return dir;
}
const BUNDLE_DIR = bundleForTests();
const BUNDLE_AS_ES_MODULES = [{ type: "ESModule" as const, include: [`**/${BUNDLE_DIR}/server/**/*.js`] }];

/**
 * The queue's consumers as wrangler.toml has them, except that a batch is taken as soon as jobs
 * are there (`max_batch_timeout` 0) instead of after up to 1 s: a test that waits for a mail or a
 * notification waited out that second each time, and a test that says no mail came (300 ms) now
 * gives a wrongly queued one the time to arrive (decision 200). Batch size, retries and the
 * dead-letter queue are unchanged.
 */
function promptQueueConsumers() {
  const consumers = worker.queueConsumers;
  if (!consumers || Array.isArray(consumers) || Object.keys(consumers).length === 0)
    throw new Error("vitest.config.ts: expected wrangler.toml's queue consumers by queue name");
  return Object.fromEntries(
    Object.entries(consumers).map(([queue, options]) => [queue, { ...options, maxBatchTimeout: 0 }]),
  );
}

/**
 * Integration tests run inside workerd with real D1, R2 and Durable Objects and the real
 * migrations. `main` is the production bundle (`npm run build` first; `npm test` does), so
 * requests in tests go through exactly the Worker that ships.
 */
export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      main: `./${BUNDLE_DIR}/server/index.js`,
      miniflare: {
        ...worker,
        modulesRules: BUNDLE_AS_ES_MODULES,
        queueConsumers: promptQueueConsumers(),
        // Workers AI (decision 150) is a fake Worker the app reaches as `env.AI`, with the
        // binding's own call shape (`run(model, inputs)`); FAKE_AI_LOG tells the tests its calls.
        serviceBindings: {
          ...(worker.serviceBindings as Record<string, unknown> | undefined),
          AI: { name: "fake-ai", entrypoint: "FakeAi" },
          FAKE_AI_LOG: { name: "fake-ai", entrypoint: "FakeAiLog" },
        },
        workers: [
          {
            name: "fake-ai",
            modules: true,
            scriptPath: "./scripts/fake-ai/worker.mjs",
            compatibilityDate: "2026-10-01",
          },
        ],
        bindings: {
          ...(worker.bindings as Record<string, unknown> | undefined),
          SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
          JWT_SECRET: "test-jwt-secret-0123456789abcdef0123456789abcdef",
          SECURE_COOKIES: "false",
          // The suite reads sent mail from the outbox table; DEV_ROUTES stays off (shell.test.ts).
          MAIL_TRANSPORT: "outbox",
          // Responses carry X-D1-Round-Trips (decision 040).
          COUNT_D1: "true",
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
          // A VAPID key pair for tests only (Web Push, decision 136): the fake push service checks it.
          VAPID_PUBLIC_KEY: "BIll4Prkr91SVGWyz9349g58tzsVrbeYFT4vmkN_-TbH3hOrBYUy_KpWP9TCppr3MBatpbULRgG8VDgfGJkQb68",
          VAPID_PRIVATE_KEY: "vhmKNlGaO73R1vmJDR0tqDbi-2SZz-HCDtgda3ZLvBY",
          // The operators' queue (decision 186): tests/integration/operator-moderation.test.ts.
          OPERATOR_EMAILS: "operator@example.test",
          ...SOCIAL_TEST_BINDINGS,
        },
      },
    })),
  ],
  resolve: { tsconfigPaths: true },
  test: {
    setupFiles: ["./tests/integration/setup.ts"],
    // Two projects with the same Worker (decision 182). The integration files each get a fresh
    // workerd with its own storage. The unit tests beside the code (app/**) share one per
    // worker: they hold no state between files, and starting a workerd for each of them cost
    // more than running them (16 files: 18 s isolated, 7 s shared, on a quiet machine).
    projects: [
      { extends: true, test: { name: "integration", include: ["tests/integration/**/*.test.ts"] } },
      { extends: true, test: { name: "unit", include: ["app/**/*.test.{ts,tsx}"], isolate: false } },
    ],
    maxWorkers: 2,
    // A shared, busy machine: a request through the whole Worker can take seconds under load.
    testTimeout: 20_000,
    provide: { deployedVars: deployedVars() },
  },
});
