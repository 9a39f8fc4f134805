import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { fizzChunks } from "./scripts/vite/fizz-chunks.mjs";

/**
 * In the browser bundle, i18next and react-i18next resolve to the small versions in
 * app/lib/i18n-lite (docs/decisions/023-i18n-lite.md). The server renders with the real i18next
 * but the small react-i18next too: the real useTranslation clones the i18next instance for every
 * component it renders on the server, which profiled as a sixth of /newsfeed's render time.
 */
function i18nLite(): Plugin {
  const lite: Record<string, string> = {
    i18next: fileURLToPath(new URL("./app/lib/i18n-lite/i18next.ts", import.meta.url)),
    "react-i18next": fileURLToPath(new URL("./app/lib/i18n-lite/react-i18next.tsx", import.meta.url)),
  };
  return {
    name: "schoolhub:i18n-lite",
    enforce: "pre",
    resolveId(id) {
      if (id === "react-i18next") return lite[id];
      if (this.environment?.name !== "client") return null;
      return lite[id] ?? null;
    },
  };
}

export default defineConfig({
  // fizzChunks: React's stream encodes its text once per flush on the server (decision 102).
  plugins: [i18nLite(), fizzChunks(), cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: { client: { optimizeDeps: { exclude: ["i18next", "react-i18next"] } } },
  build: { sourcemap: false },
});
