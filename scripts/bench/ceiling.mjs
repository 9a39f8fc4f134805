// `node scripts/bench/ceiling.mjs`: the local runtime's ceiling for /newsfeed (decision 110).
// A Worker with no application code answers /newsfeed with the page's own bytes (the demo
// parent's feed, fetched from the real app first) after the same D1 batch the page sends
// (ceiling-batch.json, taken from the app's request), on the same database, served the same
// way as the bench serves the app (`wrangler dev`, no local trace collector). Its throughput,
// as a ratio of the favicon's, is what no version of the app can beat here: everything the app
// does (session, React Router, React, the loaders' JavaScript) only adds to it.
// Not part of `npm run bench`; prints a table and exits.

import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { bin, build, env, selectBuildDir, waitForServer } from "../lib/local.mjs";
import { PERSIST } from "./config.mjs";
import { throughput } from "./load.mjs";
import { STEP_TIMEOUT_MS, startServer, stopServer } from "./server.mjs";
import { createSession } from "./session.mjs";

const DIR = ".wrangler/ceiling";
const PORT = Number(process.env.CEILING_PORT ?? 8796);
const TURNS = Number(process.env.TURNS ?? 3);

const WORKER = `import html from "./page.html";
import batch from "./batch.json";
export default {
  async fetch(request, env) {
    if (new URL(request.url).pathname !== "/newsfeed") return new Response("not found", { status: 404 });
    await env.DB.batch(batch.map(({ sql, params }) => env.DB.prepare(sql).bind(...params)));
    return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  },
};
`;

selectBuildDir("build-bench");
build({ timeout: STEP_TIMEOUT_MS });
const origin = await startServer();
const cookie = await createSession(origin).get({ fresh: true });
const page = await fetch(new URL("/newsfeed", origin), { headers: { cookie } });
if (page.status !== 200) throw new Error(`/newsfeed answered ${page.status}`);
const html = await page.text();
await stopServer();

// The app's own wrangler config gives the D1 binding the same database id, so the same data.
const appConfig = JSON.parse(readFileSync("build-bench/server/wrangler.json", "utf8"));
rmSync(DIR, { recursive: true, force: true });
mkdirSync(`${DIR}/public`, { recursive: true });
writeFileSync(`${DIR}/index.js`, WORKER);
writeFileSync(`${DIR}/page.html`, html);
copyFileSync("scripts/bench/ceiling-batch.json", `${DIR}/batch.json`);
copyFileSync("public/favicon.svg", `${DIR}/public/favicon.svg`);
writeFileSync(
  `${DIR}/wrangler.json`,
  JSON.stringify({
    name: "ceiling",
    main: "index.js",
    compatibility_date: appConfig.compatibility_date,
    compatibility_flags: appConfig.compatibility_flags,
    assets: { directory: "public" },
    rules: [{ type: "Text", globs: ["**/*.html"] }],
    d1_databases: appConfig.d1_databases.map(({ binding, database_name, database_id }) => ({
      binding,
      database_name,
      database_id,
    })),
  }),
);

const server = spawn(
  bin("wrangler"),
  ["dev", "-c", `${DIR}/wrangler.json`, "--ip", "127.0.0.1", "--port", String(PORT), "--persist-to", PERSIST],
  { env: { ...env, X_LOCAL_OBSERVABILITY: "false" }, stdio: "ignore" },
);
try {
  const ceiling = `http://127.0.0.1:${PORT}`;
  await waitForServer(`${ceiling}/favicon.svg`, 90_000);
  const check = await fetch(`${ceiling}/newsfeed`);
  if (check.status !== 200 || (await check.text()).length !== html.length)
    throw new Error("the ceiling Worker's page differs");
  console.log(
    `\n/newsfeed without application code: ${html.length} bytes, ${JSON.parse(readFileSync(`${DIR}/batch.json`, "utf8")).length} statements in one D1 batch\n`,
  );
  console.log("| turn | ceiling /newsfeed rps | /favicon.svg rps | ratio |\n| --- | --- | --- | --- |");
  for (let turn = 1; turn <= TURNS; turn++) {
    const targets = ["/newsfeed", "/favicon.svg"].map((path) => ({ path, url: new URL(path, ceiling), headers: {} }));
    const [feed, favicon] = await throughput(targets);
    console.log(`| ${turn} | ${feed.rps} | ${favicon.rps} | ${(feed.rps / favicon.rps).toFixed(3)} |`);
  }
} finally {
  server.kill("SIGTERM");
}
process.exit(0);
