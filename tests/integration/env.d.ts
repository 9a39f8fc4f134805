declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** vitest.config.ts: the public half of the throwaway Apple team key (PEM). */
    TEST_APPLE_PUBLIC_KEY: string;
    /** vitest.config.ts points Google and Apple at the fake provider (tests/integration/fake-idp.ts). */
    GOOGLE_CLIENT_ID: string;
    GOOGLE_CLIENT_SECRET: string;
    GOOGLE_ISSUER: string;
    APPLE_CLIENT_ID: string;
    APPLE_TEAM_ID: string;
    APPLE_KEY_ID: string;
    APPLE_ISSUER: string;
    /** vitest.config.ts: the test VAPID key pair (Web Push, tests/integration/push-support.ts). */
    VAPID_PUBLIC_KEY: string;
  }
}
