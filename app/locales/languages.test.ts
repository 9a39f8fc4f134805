/**
 * Every language has every text (issue 24): a key of English missing in another language, a
 * {{variable}} that differs, a plural form the language's rules need but lacks, or a "ns:key"
 * named in the code that English does not have, fails here.
 */
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/lib/languages";

type Texts = { [key: string]: unknown };

const files = import.meta.glob<Texts>(["./*/*.json", "./*/server/*.json"], { eager: true, import: "default" });
const sources = import.meta.glob<string>(["../**/*.{ts,tsx}", "!../**/*.test.{ts,tsx}", "!../locales/**"], {
  eager: true,
  query: "?raw",
  import: "default",
});
const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(texts: Texts, prefix = ""): [string, string][] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === "object" && value !== null
      ? leaves(value as Texts, `${prefix + key}.`)
      : [[prefix + key, String(value)] as [string, string]],
  );
}
const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

const english = Object.entries(files).filter(([path]) => path.startsWith("./en/"));

describe.each(LANGUAGES.filter(({ code }) => code !== "en").map(({ code }) => code))("%s", (code) => {
  const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
  it.each(english.map(([path]) => path))("%s: every text, with English's variables", (path) => {
    const own = files[path.replace("./en/", `./${code}/`)];
    expect(own, `${code} lacks ${path}`).toBeDefined();
    const theirs = new Map(leaves(own ?? {}));
    const problems: string[] = [];
    const seenPlurals = new Set<string>();
    for (const [key, text] of leaves(files[path] ?? {})) {
      if (PLURAL.test(key)) {
        const base = key.replace(PLURAL, "");
        if (seenPlurals.has(base)) continue;
        seenPlurals.add(base);
        for (const category of categories) {
          const translated = theirs.get(`${base}_${category}`);
          if (translated === undefined) problems.push(`missing ${base}_${category}`);
          else if (variables(translated).some((name) => name !== "count" && !variables(text).includes(name)))
            problems.push(`${base}_${category}: variables differ`);
        }
        continue;
      }
      const translated = theirs.get(key);
      if (translated === undefined) problems.push(`missing ${key}`);
      else if (variables(translated).join() !== variables(text).join()) problems.push(`${key}: variables differ`);
    }
    expect(problems).toEqual([]);
  });
});

describe("texts the code names", () => {
  const known = new Set(
    english.flatMap(([path, texts]) => {
      const namespace = path.replace(/^.*\//, "").replace(/\.json$/, "");
      return leaves(texts).map(([key]) => `${namespace}:${key.replace(PLURAL, "")}`);
    }),
  );
  const namespaces = new Set([...known].map((key) => key.split(":")[0]));
  it("exist in English", () => {
    const missing: string[] = [];
    for (const [file, source] of Object.entries(sources)) {
      for (const [, key] of source.matchAll(/["'`]([a-z][\w-]*:[a-zA-Z][\w.]*)["'`]/g)) {
        const [namespace] = key!.split(":");
        if (namespaces.has(namespace) && !known.has(key!) && ![...known].some((k) => k.startsWith(`${key}.`)))
          missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
