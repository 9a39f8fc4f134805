#!/usr/bin/env node
/**
 * Lists, per language, the texts of app/locales/en/ (and en/server/) that are missing in
 * app/locales/<code>/, the keys there that English does not have, and texts whose {{variables}}
 * or <tags> differ from English. Plurals follow i18next's JSON v4 rules: an English key_one/key_other
 * pair expects exactly the categories Intl.PluralRules gives for the language.
 * Usage: node scripts/i18n/missing-texts.mjs [code…] [--values]   (exit code 1 when anything is off)
 * --values prints the English text beside each missing key, ready to translate.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const root = new URL("../../app/locales/", import.meta.url).pathname;
const args = process.argv.slice(2);
const showValues = args.includes("--values");
const asked = args.filter((arg) => !arg.startsWith("--"));
const codes = asked.length > 0 ? asked : ["es", "zh-Hans", "vi", "ar"];
const SUFFIX = /_(zero|one|two|few|many|other)$/;

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith(".json") ? [join(dir, entry.name)] : [],
  );
}

function flatten(value, prefix, out) {
  if (typeof value === "string") out.set(prefix, value);
  else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) flatten(v, `${prefix}.${i}`, out);
  } else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

const markers = (text) =>
  [
    ...[...text.matchAll(/\{\{\s*([^,}\s]+)[^}]*\}\}/g)].map((m) => `{{${m[1]}}}`),
    ...[...text.matchAll(/<\/?([A-Za-z0-9]+)>/g)].map((m) => `<${m[1]}>`),
  ]
    .sort()
    .filter((m, i, all) => all.indexOf(m) === i)
    .join(" ");

let problems = 0;
const enDir = join(root, "en");
for (const code of codes) {
  const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
  const lines = [];
  let expectedCount = 0;
  for (const enFile of files(enDir)) {
    const path = relative(enDir, enFile);
    const english = flatten(JSON.parse(readFileSync(enFile, "utf8")), "", new Map());
    const expected = new Map(); // key -> English text to compare with
    for (const [key, text] of english) {
      const match = key.match(SUFFIX);
      if (!match) expected.set(key, text);
      else {
        const base = key.replace(SUFFIX, "");
        const other = english.get(`${base}_other`) ?? text;
        for (const category of categories) expected.set(`${base}_${category}`, other);
      }
    }
    expectedCount += expected.size;
    const file = join(root, code, path);
    let target = new Map();
    if (existsSync(file)) {
      try {
        target = flatten(JSON.parse(readFileSync(file, "utf8")), "", new Map());
      } catch (error) {
        lines.push(`  ${path}: not valid JSON (${error.message})`);
        continue;
      }
    }
    for (const [key, text] of expected) {
      if (!target.has(key)) {
        const ownOne = key.endsWith("_one") ? english.get(key) : undefined;
        lines.push(`  missing ${path} ${key}${showValues ? `  = ${JSON.stringify(ownOne ?? text)}` : ""}`);
      } else if (markers(target.get(key)) !== markers(text)) {
        // An English _one without {{count}} ("1 new post") may be mirrored without it.
        const one = english.get(key);
        if (!(one && markers(target.get(key)) === markers(one)))
          lines.push(`  variables ${path} ${key}: en "${markers(text)}", ${code} "${markers(target.get(key))}"`);
      }
    }
    for (const key of target.keys()) if (!expected.has(key)) lines.push(`  extra ${path} ${key}`);
  }
  problems += lines.length;
  console.log(
    `${code}: ${lines.length === 0 ? "complete" : `${lines.length} problem(s)`} (${expectedCount} texts, plurals ${categories.join("/")})`,
  );
  for (const line of lines) console.log(line);
}
process.exitCode = problems > 0 ? 1 : 0;
