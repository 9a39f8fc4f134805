import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/lib/languages";

/**
 * Key parity between the interface languages (issue 24): every English text exists in every
 * other language with the same {{variables}} and <tags>, plural keys carry exactly the categories
 * Intl.PluralRules gives for the language, and every literal t("…") key in app/ exists in English.
 */
type Texts = { [key: string]: unknown };

const files = import.meta.glob<Texts>("./*/**/*.json", { eager: true, import: "default" });
const sources = import.meta.glob<string>(["/app/**/*.{ts,tsx}", "!/app/**/*.test.{ts,tsx}"], {
  eager: true,
  query: "?raw",
  import: "default",
});

const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = "", out = new Map<string, string>()) {
  if (typeof value === "string") out.set(prefix, value);
  else if (value && typeof value === "object")
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

/** The {{variables}} and <tags> a text uses, as a sorted list. */
function markers(text: string): string[] {
  const found = [
    ...[...text.matchAll(/\{\{\s*([^,}\s]+)[^}]*\}\}/g)].map((m) => `{{${m[1]}}}`),
    ...[...text.matchAll(/<\/?([A-Za-z0-9]+)>/g)].map((m) => `<${m[1]}>`),
  ];
  return [...new Set(found)].sort();
}

/** English file path (relative to en/) → flattened texts. */
const english = new Map(
  Object.entries(files)
    .filter(([path]) => path.startsWith("./en/"))
    .map(([path, texts]) => [path.slice("./en/".length), flatten(texts)]),
);

/** What a language must have for one English file: key → English text to compare markers with. */
function expectedKeys(texts: Map<string, string>, code: string) {
  const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>();
  for (const [key, text] of texts) {
    if (!PLURAL.test(key)) expected.set(key, text);
    else {
      const base = key.replace(PLURAL, "");
      for (const category of categories) expected.set(`${base}_${category}`, texts.get(`${base}_other`) ?? text);
    }
  }
  return expected;
}

const others = LANGUAGES.map(({ code }) => code).filter((code) => code !== "en");

describe.each(others)("%s has every English text", (code) => {
  it.each([...english.keys()])("%s", (path) => {
    const texts = english.get(path) ?? new Map();
    const file = files[`./${code}/${path}`];
    expect(file, `app/locales/${code}/${path} is missing`).toBeDefined();
    const target = flatten(file);
    const missing: string[] = [];
    const mismatched: string[] = [];
    for (const [key, text] of expectedKeys(texts, code)) {
      const translated = target.get(key);
      if (translated === undefined) missing.push(key);
      else if (markers(translated).join() !== markers(text).join()) {
        // English "1 new post" (a _one without {{count}}) may be translated with or without it.
        const withoutCount = markers(text).filter((m) => m !== "{{count}}");
        const ownOne = PLURAL.test(key) && markers(translated).filter((m) => m !== "{{count}}");
        if (!ownOne || ownOne.join() !== withoutCount.join())
          mismatched.push(`${key}: ${markers(translated)} ≠ ${markers(text)}`);
      }
    }
    expect(missing, `keys missing in ${code}/${path}`).toEqual([]);
    expect(mismatched, `variables differ in ${code}/${path}`).toEqual([]);
  });

  it("has plural keys only in the language's categories", () => {
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories as string[];
    const wrong: string[] = [];
    for (const [path, texts] of Object.entries(files)) {
      if (!path.startsWith(`./${code}/`)) continue;
      for (const key of flatten(texts).keys()) {
        const category = key.match(PLURAL)?.[1];
        if (category && !categories.includes(category)) wrong.push(`${path} ${key}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * In a right-to-left language every {{value}} sits between U+2068 FIRST STRONG ISOLATE and U+2069
 * POP DIRECTIONAL ISOLATE, so a name, an address or a number inserted into an Arabic sentence keeps
 * its own direction: "Room 12?" does not become "?Room 12", nor "Sam S.:" ".Sam S:".
 */
describe.each(LANGUAGES.filter(({ dir }) => dir === "rtl").map(({ code }) => code))(
  "%s isolates its values",
  (code) => {
    it("wraps every {{value}} in an isolate", () => {
      const bare: string[] = [];
      for (const [path, texts] of Object.entries(files)) {
        if (!path.startsWith(`./${code}/`)) continue;
        for (const [key, text] of flatten(texts))
          for (const match of text.matchAll(/\{\{[^}]*\}\}/g)) {
            const before = text[match.index - 1];
            const after = text[match.index + match[0].length];
            if (before !== "\u2068" || after !== "\u2069") bare.push(`${path} ${key}: ${match[0]}`);
          }
      }
      expect(bare).toEqual([]);
    });
  },
);

describe("texts used in code", () => {
  // Namespace → its English keys (browser and server files together), plural suffixes removed.
  const namespaces = new Map<string, Set<string>>();
  for (const [path, texts] of english) {
    const namespace = path.replace(/^server\//, "").replace(/\.json$/, "");
    const keys = namespaces.get(namespace) ?? new Set<string>();
    for (const key of texts.keys()) keys.add(key.replace(PLURAL, ""));
    namespaces.set(namespace, keys);
  }

  const calls = Object.entries(sources).flatMap(([path, source]) =>
    [...source.matchAll(/\bt\(\s*"([A-Za-z0-9_.:-]+)"/g)].map((match) => ({ path, key: match[1] })),
  );

  it('finds the t("…") calls', () => {
    expect(calls.length).toBeGreaterThan(500);
  });

  it("has an English text for every literal key", () => {
    const unknown = calls
      .filter(({ key }) => {
        const [namespace, name] = key.includes(":") ? key.split(":", 2) : [undefined, key];
        if (namespace !== undefined) return !namespaces.get(namespace)?.has(name ?? "");
        return ![...namespaces.values()].some((keys) => keys.has(key));
      })
      .map(({ path, key }) => `${path}: t("${key}")`);
    expect(unknown).toEqual([]);
  });
});
