import { describe, expect, it } from "vitest";

/**
 * Components run in the browser. Schemas stay out of them: one value import from ~/lib/forms/*
 * brings all of zod (24 KB gzip) to every page that shows the component, since building a schema
 * is a call the bundler must keep. Limits for inputs live in plain modules (~/lib/account.ts,
 * ~/lib/chat-limits.ts, ~/lib/inbox-limits.ts); decision 100.
 */
const sources = import.meta.glob<string>("./**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true });
const VALUE_IMPORT = /import\s+(?!type\b)[^;]*?from\s+["'](zod|~\/lib\/forms\/[^"']+)["']/g;

describe("browser components", () => {
  it("import no schema and no zod", () => {
    const found = Object.entries(sources)
      .filter(([path]) => !path.endsWith(".test.ts") && !path.endsWith(".test.tsx"))
      .flatMap(([path, source]) => [...source.matchAll(VALUE_IMPORT)].map((match) => `${path}: ${match[1]}`));
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(found).toEqual([]);
  });
});
