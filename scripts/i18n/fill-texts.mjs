#!/usr/bin/env node
/**
 * Puts prepared translations into app/locales/<code>/<file>: only keys that the English file has
 * and the language lacks (so a helper's own translation is never overwritten), creating files as
 * needed. A file whose name ends in .force.json replaces differing values too (voice fixes).
 * Prepared files are { "<code>": { "<file>.json": { "dotted.key": "text" } } }.
 * Usage: node scripts/i18n/fill-texts.mjs scripts/i18n/pending/*.json, then missing-texts.mjs.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const root = new URL("../../app/locales/", import.meta.url).pathname;
const PLURAL = /_(zero|one|two|few|many|other)$/;

function englishHas(file, key) {
  const path = join(root, "en", file);
  if (!existsSync(path)) return false;
  const parts = key.replace(PLURAL, "").split(".");
  let node = JSON.parse(readFileSync(path, "utf8"));
  for (const part of parts.slice(0, -1)) node = node?.[part];
  const last = parts.at(-1);
  return Boolean(node) && (last in node || `${last}_other` in node);
}

for (const prepared of process.argv.slice(2)) {
  const force = prepared.endsWith(".force.json");
  for (const [code, files] of Object.entries(JSON.parse(readFileSync(prepared, "utf8")))) {
    for (const [file, keys] of Object.entries(files)) {
      const path = join(root, code, file);
      const data = existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : {};
      let changed = 0;
      for (const [key, text] of Object.entries(keys)) {
        if (!englishHas(file, key)) continue;
        const parts = key.split(".");
        let node = data;
        for (const part of parts.slice(0, -1)) {
          node[part] ??= {};
          node = node[part];
        }
        const last = parts.at(-1);
        if (force ? node[last] !== text : !(last in node)) {
          node[last] = text;
          changed++;
        }
      }
      if (changed > 0) {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
        console.log(`${code}/${file}: ${changed} text(s)`);
      }
    }
  }
}
