// Secrets live outside wrangler.toml, so `wrangler types` sees them only when a .dev.vars exists.
// Declared here so a fresh clone type-checks the same as a developer's machine.
declare namespace Cloudflare {
  interface Env {
    SESSION_SECRET: string;
    JWT_SECRET: string;
    /** "true" in the bench and the tests only: count D1 round trips per request (decision 040). */
    COUNT_D1?: string;
  }
}

interface Env {
  COUNT_D1?: string;
}

// workerd provides node:async_hooks with nodejs_compat; the app's tsconfig has no Node types.
declare module "node:async_hooks" {
  export class AsyncLocalStorage<T> {
    getStore(): T | undefined;
    run<R>(store: T, callback: () => R): R;
  }
}

// workerd provides node:crypto's hashing with nodejs_compat: synchronous, unlike crypto.subtle.
declare module "node:crypto" {
  export function createHash(algorithm: "sha256"): {
    update(data: string): { digest(encoding: "base64"): string };
  };
}
