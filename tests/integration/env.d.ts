declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** vitest.config.ts: the public half of the throwaway Apple team key (PEM). */
    TEST_APPLE_PUBLIC_KEY: string;
  }
}
