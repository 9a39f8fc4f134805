import { describe, expect, it } from "vitest";
import resources from "~/locales";

type Texts = { [key: string]: unknown };

const browserFiles = import.meta.glob<Texts>("./en/*.json", { eager: true, import: "default" });
const serverFiles = import.meta.glob<Texts>("./en/server/*.json", { eager: true, import: "default" });
const namespaceOf = (path: string) => path.replace(/^.*\//, "").replace(/\.json$/, "");

function keys(texts: Texts, prefix = ""): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === "object" && value !== null ? keys(value as Texts, `${prefix + key}.`) : [prefix + key],
  );
}

function text(texts: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], texts);
}

// Server-only texts (decision 099): en/server/<ns>.json joins namespace <ns> under the same keys.
describe("server-only texts", () => {
  const namespaces: Record<string, unknown> = resources.en;

  it.each(Object.keys(serverFiles))("%s belongs to a namespace the browser has too", (path) => {
    expect(Object.keys(browserFiles).map(namespaceOf)).toContain(namespaceOf(path));
  });

  it.each(Object.keys(serverFiles))("%s has no key of the browser's file and is merged in", (path) => {
    const namespace = namespaceOf(path);
    const browserKeys = new Set(keys(browserFiles[`./en/${namespace}.json`] ?? {}));
    for (const key of keys(serverFiles[path] ?? {})) {
      expect(browserKeys.has(key), `${namespace}:${key} is in both files`).toBe(false);
      expect(text(namespaces[namespace], key), `${namespace}:${key}`).toBe(text(serverFiles[path], key));
    }
  });

  it("keeps every browser text in its namespace", () => {
    for (const [path, texts] of Object.entries(browserFiles)) {
      for (const key of keys(texts)) expect(text(namespaces[namespaceOf(path)], key)).toBe(text(texts, key));
    }
  });
});
