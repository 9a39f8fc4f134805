import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { serviceWorker } from "./scripts/lib/service-worker-plugin.ts";

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter(), serviceWorker()],
  resolve: { tsconfigPaths: true },
  build: { sourcemap: false },
});
