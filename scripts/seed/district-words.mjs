// The district seed's vocabulary (scripts/seed/district.mjs): names and school words, and the
// seeded PRNG that picks them, so a scale always gives the same district.

/** mulberry32: small, fast, deterministic. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const FIRST = [
  "Ana",
  "Ben",
  "Chloe",
  "Dev",
  "Elena",
  "Farid",
  "Grace",
  "Hugo",
  "Iris",
  "Jamal",
  "Kim",
  "Luis",
  "Maya",
  "Noah",
  "Olga",
  "Priya",
  "Quinn",
  "Rosa",
  "Sami",
  "Tara",
];
export const LAST = [
  "Garcia",
  "Nguyen",
  "Smith",
  "Chen",
  "Okafor",
  "Patel",
  "Rossi",
  "Kowalski",
  "Haddad",
  "Johnson",
  "Lee",
  "Martin",
  "Silva",
  "Brown",
  "Kim",
  "Ali",
];
export const WORDS = [
  "field trip",
  "bake sale",
  "practice",
  "homework",
  "picture day",
  "book fair",
  "concert",
  "science fair",
  "carpool",
  "lunch menu",
  "report cards",
  "conferences",
  "spirit week",
  "game day",
  "library",
];
