import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import routes from "./app/routes.ts";
import { pageChunks } from "./scripts/lib/page-chunks.ts";
import { serviceWorker } from "./scripts/lib/service-worker-plugin.ts";

export default defineConfig({
  // pageChunks: the browser's modules grouped by the pages that load them (decision 202).
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter(), serviceWorker(), pageChunks({ routes })],
  resolve: { tsconfigPaths: true },
  build: { sourcemap: false },
});
