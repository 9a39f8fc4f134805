import { generateKeyPairSync } from "node:crypto";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Sign in with Apple signs its client secret with the team's private key: a throwaway one here,
// whose public half lets the tests' fake Apple check what the app signs.
const appleKey = generateKeyPairSync("ec", { namedCurve: "P-256" });

/** Google and Apple (issue 3) point at https://idp.test, a fake provider the tests answer for. */
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
 * Integration tests run inside workerd with real D1, R2 and Durable Objects and the real
 * migrations. `main` is the production bundle (`npm run build` first; `npm test` does), so
 * requests in tests go through exactly the Worker that ships.
 */
export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      main: "./build/server/index.js",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
          JWT_SECRET: "test-jwt-secret-0123456789abcdef0123456789abcdef",
          SECURE_COOKIES: "false",
          // Responses carry X-D1-Round-Trips (decision 040).
          COUNT_D1: "true",
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
          ...SOCIAL_TEST_BINDINGS,
        },
      },
    })),
  ],
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/integration/**/*.test.ts", "app/**/*.test.{ts,tsx}"],
    setupFiles: ["./tests/integration/setup.ts"],
    maxWorkers: 2,
  },
});
