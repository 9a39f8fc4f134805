// `npm start`: build, prepare the local database, and serve the production build on workerd.
import { prepareLocal, serveBuild } from "./lib/local.mjs";

const PORT = Number(process.env.PORT ?? 8787);
const PERSIST = ".wrangler/state";

prepareLocal(PERSIST, { withBuild: true });
console.log(`\n▶ SchoolHub on http://127.0.0.1:${PORT}  (demo sign-ins: see README)\n`);
const server = serveBuild({ port: PORT, persistTo: PERSIST });
server.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
