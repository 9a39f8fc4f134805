// What vitest.config.ts provides to the tests (`inject`).
export {};

declare module "vitest" {
  export interface ProvidedContext {
    /** The `[vars]` of the build's wrangler.json, the configuration `wrangler deploy` uses. */
    deployedVars: Record<string, string> | null;
  }
}
