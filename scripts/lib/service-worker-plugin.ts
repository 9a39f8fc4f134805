// The service worker's build (issue 23, decision 130): app/pwa/service-worker.ts bundled by Vite
// itself into one classic script, written beside the client build's files as /sw.js. It runs in
// the client build only; `react-router dev` has no service worker (the pages register it only
// in a production build).
import { build, type Plugin, type Rolldown } from "vite";

export function serviceWorker({ entry = "app/pwa/service-worker.ts", fileName = "sw.js" } = {}): Plugin {
  return {
    name: "schoolhub-service-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async generateBundle() {
      const result = await build({
        configFile: false,
        logLevel: "warn",
        publicDir: false,
        resolve: { tsconfigPaths: true },
        build: {
          write: false,
          minify: true,
          sourcemap: false,
          copyPublicDir: false,
          rollupOptions: { input: entry, output: { format: "iife", entryFileNames: fileName } },
        },
      });
      const outputs = (Array.isArray(result) ? result : [result]).flatMap((one) =>
        "output" in one ? (one as Rolldown.RolldownOutput).output : [],
      );
      const chunk = outputs.find((output): output is Rolldown.OutputChunk => output.type === "chunk" && output.isEntry);
      if (!chunk) throw new Error("the service worker's build produced no script");
      this.emitFile({ type: "asset", fileName, source: chunk.code });
    },
  };
}
