import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // `npm test` and `npm run bench` build into build-test/ and build-bench/ so a running
  // `npm start` keeps serving build/ (docs/decisions/032-test-and-bench-builds.md).
  buildDirectory: process.env.SCHOOLHUB_BUILD_DIR || "build",
} satisfies Config;
