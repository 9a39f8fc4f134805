import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

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
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
        },
      },
    })),
  ],
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/integration/**/*.test.ts", "app/**/*.test.ts"],
    setupFiles: ["./tests/integration/setup.ts"],
    maxWorkers: 2,
  },
});
