// Demo schools (decision 055): 10,000+ generated schools across every state and DC, the same on
// every run (a seeded PRNG), after the three hand-written demo schools (ids 1–3) the demo users'
// communities belong to. Also: a demo user follows a school.

import { readFileSync } from "node:fs";
import { random as seededRandom } from "./prng.mjs";

export const GENERATED_SCHOOLS = 10_200;

// The word lists live in schools-data.json (data, not code): state code → a few real city
// names (districts are named after them), the names schools are named after, and the kinds of
// school with their words and weights.
const DATA = JSON.parse(readFileSync(new URL("./schools-data.json", import.meta.url), "utf8"));
const STATES = DATA.cities;
const NAMES = DATA.names;
const KINDS = DATA.kinds;

const slugify = (text) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export function generateSchools(count = GENERATED_SCHOOLS, seed = 20261123) {
  const random = seededRandom(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const totalWeight = KINDS.reduce((sum, kind) => sum + kind.weight, 0);
  const pickKind = () => {
    let roll = random() * totalWeight;
    for (const kind of KINDS) {
      roll -= kind.weight;
      if (roll < 0) return kind;
    }
    return KINDS[0];
  };
  const states = Object.keys(STATES);
  const slugs = new Set(["lincoln-elementary", "roosevelt-middle", "riverside-high"]);
  const schools = [];
  for (let i = 0; i < count; i++) {
    // Round-robin first, so every state has schools, then at random.
    const state = i < states.length ? states[i] : pick(states);
    const city = pick(STATES[state]);
    const district = random() < 0.8 ? `${city} Public Schools` : `${pick(NAMES)} Unified School District`;
    const { kind, word } = pickKind();
    const name = kind === "district_office" ? `${district} ${word}` : `${pick(NAMES)} ${word}`;
    let slug = slugify(`${name} ${city} ${state}`);
    for (let n = 2; slugs.has(slug); n++) slug = slugify(`${name} ${city} ${state} ${n}`);
    slugs.add(slug);
    schools.push({ slug, name, district, city, state, kind });
  }
  return schools;
}

/** SQL for the generated schools (ids from 4 on) and a followed school for the demo parent. */
export function schoolsSeedSql(q) {
  const rows = generateSchools();
  const sql = [];
  for (let start = 0; start < rows.length; start += 500) {
    const values = rows
      .slice(start, start + 500)
      .map((s) => `(${q(s.slug)}, ${q(s.name)}, ${q(s.district)}, ${q(s.city)}, ${q(s.state)}, ${q(s.kind)})`);
    sql.push(`INSERT INTO schools (slug, name, district, city, state, kind) VALUES ${values.join(",\n")};`);
  }
  // Pat Parent (user 1) follows Riverside High besides the schools of their communities.
  sql.push("INSERT OR IGNORE INTO school_follows (user_id, school_id) VALUES (1, 3);");
  return sql;
}
