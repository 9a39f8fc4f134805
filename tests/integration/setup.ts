import { env } from "cloudflare:workers";
import { afterEach, beforeEach, vi } from "vitest";

// Real migrations on a real (local) D1: the schema under test is the one that ships. The same
// SQL and d1_migrations rows as `applyD1Migrations`, but every migration not applied yet in one
// batch, where that helper sends a batch per migration: half the time per test file (decision
// 193). One transaction: a failing statement fails the file. The unit tests share a runtime and
// its storage between files (vitest.config.ts), so a later file finds them applied.
const [, applied] = await env.DB.batch<{ name: string }>([
  env.DB.prepare(`CREATE TABLE IF NOT EXISTS d1_migrations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT UNIQUE,
    applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
  )`),
  env.DB.prepare("SELECT name FROM d1_migrations"),
]);
const done = new Set(applied!.results.map((row) => row.name));
const pending = env.TEST_MIGRATIONS.filter((migration) => !done.has(migration.name));
if (pending.length > 0)
  await env.DB.batch(
    pending.flatMap((migration) => [
      ...migration.queries.map((query) => env.DB.prepare(query)),
      env.DB.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(migration.name),
    ]),
  );

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
