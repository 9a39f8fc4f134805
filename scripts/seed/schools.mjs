// Demo schools (decision 055): 10,000+ generated schools across every state and DC, the same on
// every run (a seeded PRNG), after the three hand-written demo schools (ids 1–3) the demo users'
// communities belong to. Also: a demo user follows a school.

export const GENERATED_SCHOOLS = 10_200;

// State code → a few real city names; districts are named after them.
const STATES = {
  AL: ["Birmingham", "Montgomery", "Mobile", "Huntsville"],
  AK: ["Anchorage", "Fairbanks", "Juneau"],
  AZ: ["Phoenix", "Tucson", "Mesa", "Flagstaff"],
  AR: ["Little Rock", "Fayetteville", "Jonesboro"],
  CA: ["Los Angeles", "San Diego", "San Jose", "Fresno", "Sacramento", "Oakland"],
  CO: ["Denver", "Boulder", "Aurora", "Pueblo"],
  CT: ["Hartford", "New Haven", "Stamford"],
  DE: ["Wilmington", "Dover", "Newark"],
  DC: ["Washington"],
  FL: ["Miami", "Orlando", "Tampa", "Jacksonville", "Tallahassee"],
  GA: ["Atlanta", "Savannah", "Augusta", "Macon"],
  HI: ["Honolulu", "Hilo", "Kailua"],
  ID: ["Boise", "Nampa", "Idaho Falls"],
  IL: ["Chicago", "Springfield", "Peoria", "Naperville"],
  IN: ["Indianapolis", "Fort Wayne", "Evansville", "Bloomington"],
  IA: ["Des Moines", "Cedar Rapids", "Davenport"],
  KS: ["Wichita", "Topeka", "Lawrence"],
  KY: ["Louisville", "Lexington", "Bowling Green"],
  LA: ["New Orleans", "Baton Rouge", "Shreveport", "Lafayette"],
  ME: ["Portland", "Bangor", "Augusta"],
  MD: ["Baltimore", "Annapolis", "Frederick"],
  MA: ["Boston", "Worcester", "Springfield", "Cambridge"],
  MI: ["Detroit", "Grand Rapids", "Lansing", "Ann Arbor"],
  MN: ["Minneapolis", "Saint Paul", "Duluth", "Rochester"],
  MS: ["Jackson", "Gulfport", "Hattiesburg"],
  MO: ["Kansas City", "St. Louis", "Springfield", "Columbia"],
  MT: ["Billings", "Missoula", "Bozeman"],
  NE: ["Omaha", "Lincoln", "Kearney"],
  NV: ["Las Vegas", "Reno", "Henderson"],
  NH: ["Manchester", "Nashua", "Concord"],
  NJ: ["Newark", "Jersey City", "Trenton", "Princeton"],
  NM: ["Albuquerque", "Santa Fe", "Las Cruces"],
  NY: ["New York", "Buffalo", "Rochester", "Albany", "Syracuse"],
  NC: ["Charlotte", "Raleigh", "Durham", "Asheville"],
  ND: ["Fargo", "Bismarck", "Grand Forks"],
  OH: ["Columbus", "Cleveland", "Cincinnati", "Toledo"],
  OK: ["Oklahoma City", "Tulsa", "Norman"],
  OR: ["Portland", "Eugene", "Salem", "Bend"],
  PA: ["Philadelphia", "Pittsburgh", "Harrisburg", "Erie"],
  RI: ["Providence", "Warwick", "Newport"],
  SC: ["Columbia", "Charleston", "Greenville"],
  SD: ["Sioux Falls", "Rapid City", "Pierre"],
  TN: ["Nashville", "Memphis", "Knoxville", "Chattanooga"],
  TX: ["Houston", "Dallas", "Austin", "San Antonio", "El Paso", "Fort Worth"],
  UT: ["Salt Lake City", "Provo", "Ogden"],
  VT: ["Burlington", "Montpelier", "Rutland"],
  VA: ["Richmond", "Norfolk", "Arlington", "Roanoke"],
  WA: ["Seattle", "Spokane", "Tacoma", "Olympia"],
  WV: ["Charleston", "Morgantown", "Huntington"],
  WI: ["Milwaukee", "Madison", "Green Bay"],
  WY: ["Cheyenne", "Casper", "Laramie"],
};

const NAMES = [
  "Lincoln",
  "Washington",
  "Jefferson",
  "Roosevelt",
  "Franklin",
  "Kennedy",
  "King",
  "Madison",
  "Adams",
  "Jackson",
  "Oak Grove",
  "Maple",
  "Cedar",
  "Pine Ridge",
  "Willow",
  "Riverside",
  "Lakeview",
  "Hillcrest",
  "Sunnyside",
  "Meadowbrook",
  "Parkside",
  "Westwood",
  "Eastside",
  "Northgate",
  "Southview",
  "Valley",
  "Highland",
  "Fairview",
  "Greenfield",
  "Brookside",
  "Harriet Tubman",
  "Sojourner Truth",
  "Cesar Chavez",
  "Amelia Earhart",
  "Sally Ride",
  "Thurgood Marshall",
  "Rosa Parks",
  "Mark Twain",
  "Emerson",
  "Whitman",
  "Longfellow",
  "Edison",
  "Carver",
  "Audubon",
  "Muir",
  "Columbia",
  "Liberty",
  "Horizon",
  "Discovery",
  "Pioneer",
  "Summit",
  "Canyon",
  "Prairie",
  "Bayside",
  "Harbor",
  "Mountain View",
  "Stonebridge",
  "Foxhollow",
];

const KINDS = [
  ["elementary", "Elementary School", 50],
  ["middle", "Middle School", 22],
  ["high", "High School", 18],
  ["k12", "Academy", 5],
  ["district_office", "District Office", 2],
  ["other", "Learning Center", 3],
];

/** mulberry32: a tiny seeded PRNG, so every seed run builds the same schools. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const slugify = (text) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export function generateSchools(count = GENERATED_SCHOOLS, seed = 20261123) {
  const random = prng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const totalWeight = KINDS.reduce((sum, [, , weight]) => sum + weight, 0);
  const pickKind = () => {
    let roll = random() * totalWeight;
    for (const kind of KINDS) {
      roll -= kind[2];
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
    const [kind, word] = pickKind();
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
