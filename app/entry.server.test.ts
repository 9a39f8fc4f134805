import { describe, expect, it } from "vitest";

/**
 * The document's render has no timer of its own (entry.server.tsx, decision 235): React Router's
 * turbo-stream bounds the one thing a server render waits on, its `<StreamTransfer>`. That holds
 * while the app itself never suspends: no Suspense boundary, no `lazy` component, no `use` of a
 * promise. One of those would need the render's bound back (renderToReadableStream's `signal`).
 */
const sources = import.meta.glob<string>(["./**/*.{ts,tsx}", "!./**/*.test.{ts,tsx}"], {
  query: "?raw",
  import: "default",
  eager: true,
});
const FROM_REACT = /import\s+(?!type\b)\{([^}]*)\}\s+from\s+["']react["']/g;
const SUSPENDING = /\bReact\.(?:Suspense|lazy|use)\b/;

describe("the server render", () => {
  it("waits on nothing of the app's own: no Suspense, lazy or use", () => {
    const found = Object.entries(sources).flatMap(([path, source]) => {
      const imported = [...source.matchAll(FROM_REACT)].flatMap((match) =>
        (match[1] ?? "").split(",").map((name) => name.trim().split(/\s+as\s+/)[0]),
      );
      const named = imported.filter((name) => name === "Suspense" || name === "lazy" || name === "use");
      const called = SUSPENDING.test(source.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, "")) ? ["React.*"] : [];
      return [...named, ...called].map((name) => `${path}: ${name}`);
    });
    expect(Object.keys(sources).length).toBeGreaterThan(200);
    expect(found).toEqual([]);
  });
});
