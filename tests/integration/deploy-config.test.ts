import { exports } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { parseConfig } from "~/server/config.server";
import { getMailTransport, isOutboxEnabled } from "~/server/mail/mail.server";

// docs/decisions/033-local-only-helpers.md. What a deploy gets: the `[vars]` of
// the configuration `wrangler deploy --dry-run` uses (vitest.config.ts reads them from the build)
// plus the two secrets README step 4 sets, and nothing from .dev.vars.
const SECRETS = {
  SESSION_SECRET: "deploy-session-secret-0123456789abcdef0123456789",
  JWT_SECRET: "deploy-jwt-secret-0123456789abcdef0123456789abcdef",
};

describe("a deploy that skips the mail step fails closed", () => {
  it("has no outbox and no development routes", () => {
    const vars = inject("deployedVars");
    expect(vars, "build first: the deploy configuration is the build's wrangler.json").not.toBeNull();
    expect(vars).not.toHaveProperty("DEV_ROUTES");
    expect(vars).not.toHaveProperty("MAIL_TRANSPORT");
    const config = parseConfig({ ...vars, ...SECRETS });
    expect(config.DEV_ROUTES).toBe(false);
    expect(config.MAIL_TRANSPORT).toBe("none");
    expect(isOutboxEnabled(config)).toBe(false);
  });

  it("shows the outbox only when DEV_ROUTES is on as well", () => {
    const outbox = parseConfig({ ...SECRETS, MAIL_TRANSPORT: "outbox" });
    expect(isOutboxEnabled(outbox)).toBe(false);
    expect(isOutboxEnabled(parseConfig({ ...SECRETS, MAIL_TRANSPORT: "outbox", DEV_ROUTES: "true" }))).toBe(true);
  });

  it("answers 404 on every __dev route in this suite, where DEV_ROUTES is off", async () => {
    for (const path of ["/__dev/mail", "/__dev/error", "/__dev/notify"]) {
      const response = await exports.default.fetch(`http://localhost${path}`);
      expect(response.status, path).toBe(404);
    }
    // The transport itself is on here (the suite reads sent mail from the table).
    expect(getMailTransport()).toBeDefined();
  });
});
