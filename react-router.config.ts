import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Every route is known from the first load: the browser imports the build's route manifest (one
  // file under /assets/, cached for good) instead of each document carrying a partial manifest that
  // the server matches and writes per request, and the browser asking /__manifest for the routes
  // its links lead to (docs/decisions/235-what-a-request-computes-besides-markup.md).
  routeDiscovery: { mode: "initial" },
  // `npm test` and `npm run bench` build into build-test/ and build-bench/ so a running
  // `npm start` keeps serving build/ (docs/decisions/032-test-and-bench-builds.md).
  buildDirectory: process.env.SCHOOLHUB_BUILD_DIR || "build",
} satisfies Config;
