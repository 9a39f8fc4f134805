// Secrets live outside wrangler.toml, so `wrangler types` sees them only when a .dev.vars exists.
// Declared here so a fresh clone type-checks the same as a developer's machine.
declare namespace Cloudflare {
  interface Env {
    SESSION_SECRET: string;
    JWT_SECRET: string;
  }
}
