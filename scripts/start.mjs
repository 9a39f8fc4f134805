// `npm start`: build, prepare the local database, and serve the production build on workerd.
import { LOOPBACK, prepareLocal, serveBuild } from "./lib/local.mjs";

const PORT = Number(process.env.PORT ?? 8787);
// This machine only, unless asked: the /__dev pages are on locally (README, decision 114).
const HOST = process.env.HOST || LOOPBACK;
const PERSIST = ".wrangler/state";

prepareLocal(PERSIST, { withBuild: true });
if (HOST !== LOOPBACK) {
  console.warn(
    `\n⚠ Listening on ${HOST} as HOST asks: anyone who reaches this port sees /__dev/mail (every activation and reset link) and may post to /__dev/notify.`,
  );
}
console.log(`\n▶ SchoolHub on http://${HOST === LOOPBACK ? LOOPBACK : HOST}:${PORT}  (demo sign-ins: see README)\n`);
const server = serveBuild({ port: PORT, persistTo: PERSIST, host: HOST });
server.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
