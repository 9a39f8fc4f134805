// The server Playwright starts: the production build on workerd, with a fresh database and
// demo data of its own, so end-to-end runs never touch the developer's local data.
//
// `--prepare-only` makes that database and stops: `npm test` runs it beside the type check and
// then starts this server itself with E2E_STATE_PREPARED=1, so it does not make it again
// (decision 086), beside the integration suite (decision 206). Whoever started it (Playwright's
// webServer, or `npm test`) waits for the line READY below, printed once the real pages answer.
import { cpSync, createWriteStream, rmSync } from "node:fs";
import { createInterface } from "node:readline";
import { stripVTControlCharacters } from "node:util";
import { startFakeIdp } from "./fake-idp.mjs";
import { ensureDevVars, migrate, run, serveBuild, waitForServer } from "./lib/local.mjs";

const PERSIST = ".wrangler/e2e-state";
// A copy of the database as `npm start`'s seed leaves it, before the tests' fixtures are added:
// tests/e2e/demo-data.spec.ts proves it holds no test residue (decision 125).
const DEMO_COPY = ".wrangler/e2e-demo-state";
const READY = "SchoolHub e2e server ready"; // playwright.config.ts and scripts/test.mjs wait for it
// Everything the server prints (a line per request, every error with its stack): Playwright
// ignores this process's stdout, so a failure's server side is read here afterwards.
const LOG = ".wrangler/e2e-server.log";

const began = Date.now();
const since = (start) => `${Math.round((Date.now() - start) / 1000)} s`;
if (process.env.E2E_STATE_PREPARED !== "1") {
  rmSync(PERSIST, { recursive: true, force: true });
  rmSync(DEMO_COPY, { recursive: true, force: true });
  ensureDevVars();
  migrate(PERSIST);
  // The demo data exactly as `npm start` seeds it, then the end-to-end tests' own people.
  run("node", ["scripts/seed.mjs", "--persist-to", PERSIST]);
  cpSync(PERSIST, DEMO_COPY, { recursive: true });
  run("node", ["scripts/seed.mjs", "--persist-to", PERSIST, "--fixtures", "e2e"]);
}
const prepared = since(began);
if (process.argv.includes("--prepare-only")) process.exit(0);
const serving = Date.now();

const port = Number(process.env.E2E_PORT ?? 8788);
// Playwright no longer polls a URL before it starts this (it waits for READY), so this checks what
// it used to: nothing else answers on the port, or the tests would run against that.
if (
  await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  )
) {
  console.error(`127.0.0.1:${port} is already in use: stop what runs there, or set E2E_PORT.`);
  process.exit(1);
}

// Google and Apple sign-in run against a fake provider on 127.0.0.1:8799 (decision 020); it lives
// in this process and ends with it.
const idp = await startFakeIdp({ port: Number(process.env.E2E_IDP_PORT ?? 8799) });
// Translation on request runs against a fake Workers AI (decision 150): a Worker of its own in the
// same `wrangler dev`, bound as AI with the binding's call shape, `env.AI.run(model, inputs)`.
const FAKE_AI = {
  binding: "AI",
  service: "schoolhub-fake-ai",
  entrypoint: "FakeAi",
  config: "scripts/fake-ai/wrangler.jsonc",
};
const server = serveBuild({
  port,
  persistTo: PERSIST,
  vars: {
    E2E: "1",
    DEV_ROUTES: "true",
    MAIL_TRANSPORT: "outbox",
    // The operator of tests/e2e/moderation.spec.ts (scripts/seed/moderation.mjs, decision 186).
    OPERATOR_EMAILS: "e2e-operator@demo.schoolhub.test",
    ...idp.appVars,
  },
  services: [FAKE_AI],
  // Jobs (mail, notifications, new-post frames) are consumed as soon as they are queued, not
  // after wrangler.toml's 1 s wait for a batch to fill: tests wait for their effects (decision 200).
  queueBatchTimeout: 0,
  // No local trace collector: a tail worker in the Worker's own thread that production does not
  // have, recording every request for wrangler's explorer, which no test opens (decision 110).
  localObservability: false,
  pipe: true,
});
keepLog(server);
server.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));

try {
  await warmUp(`http://127.0.0.1:${port}`);
  // The phases' times go to stderr, which Playwright shows.
  console.error(`• e2e server ready: database ${prepared}, start and warm-up ${since(serving)}; its log: ${LOG}`);
  console.log(READY);
} catch (error) {
  console.error(error);
  server.kill("SIGTERM");
  process.exit(1);
}

/**
 * Ready means the real pages answer, not just any 200: the first answer of a cold workerd (the
 * static About page) came while signed-in pages were still slow, and the first tests measured
 * them half-settled (decision 086). So a signed-in person's heaviest pages are rendered in full,
 * with their description, and the files they load are fetched once.
 */
async function warmUp(origin) {
  await waitForServer(`${origin}/about`, 300_000);
  const signIn = await fetch(`${origin}/login/signin`, {
    method: "POST",
    body: new URLSearchParams({ identifier: "alex@demo.schoolhub.test", password: "schoolhub-demo" }),
    redirect: "manual",
  });
  const cookie = signIn.headers.get("set-cookie")?.split(";")[0];
  if (signIn.status !== 302 || !cookie) throw new Error(`warm-up sign-in answered ${signIn.status}`);
  const assets = new Set();
  for (const path of ["/newsfeed", "/chat", "/messagesold", "/calendar", "/communities", "/schools", "/login"]) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const response = await fetch(`${origin}${path}`, { headers: { cookie } });
      const html = await response.text();
      if (response.status === 200 && html.includes('<meta name="description"') && html.includes("</html>")) {
        for (const [, href] of html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)) assets.add(href);
        break;
      }
      if (Date.now() > deadline) throw new Error(`warm-up: ${path} answered ${response.status} without a full page`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  await Promise.all([...assets].map((href) => fetch(`${origin}${href}`).then((response) => response.arrayBuffer())));
}

/**
 * The server's output goes to LOG; what a failing test needs from it goes to stderr as well,
 * which Playwright prints: every error the Worker logged, with its stack, and every answer of
 * 500 or more. The deliberate error of /__dev/error (error-pages.spec.ts) is left in the log.
 */
function keepLog(child) {
  const log = createWriteStream(LOG);
  for (const stream of [child.stdout, child.stderr]) {
    // An error's lines, from its [ERROR] line to the next line wrangler starts (one per stream).
    let block = null;
    const flush = () => {
      const text = block?.join("\n") ?? "";
      // React Router's "Unexpected Server Error" follows the error it hides, shown already; the
      // last one can run on into wrangler's closing lines, so its first line is what says so.
      const hidden =
        text.includes("/__dev/error") || /\[ERROR\] \[Error: Unexpected Server Error\]\s*$/.test(block?.[0] ?? "");
      if (block && !hidden) process.stderr.write(`[e2e server] ${text.trimEnd()}\n`);
      block = null;
    };
    createInterface({ input: stream }).on("line", (coloured) => {
      // wrangler colours its [ERROR] lines, even into a pipe.
      const line = stripVTControlCharacters(coloured);
      log.write(`${line}\n`);
      if (line.includes("[ERROR]")) {
        flush();
        block = [line];
      } else if (line.startsWith("[wrangler:")) {
        flush();
        if (/ 5\d\d [A-Z]/.test(line) && !line.includes("/__dev/error")) process.stderr.write(`[e2e server] ${line}\n`);
      } else if (block) block.push(line);
    });
    stream.on("close", flush);
  }
}
