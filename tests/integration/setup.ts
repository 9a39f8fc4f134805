import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, vi } from "vitest";

// Real migrations on a real (local) D1: the schema under test is the one that ships.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// A console.error during a test is a bug we did not mean to ship (Epic Stack habit).
let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error");
});
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (calls.length > 0)
    throw new Error(`console.error was called: ${calls.map((call: unknown[]) => call.join(" ")).join("\n")}`);
});
