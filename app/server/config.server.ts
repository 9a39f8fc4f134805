import { env } from "cloudflare:workers";
import { z } from "zod";

/**
 * All configuration, parsed once (DESIGN §7). Secrets come from `.dev.vars` locally and
 * `wrangler secret put` in production; a missing one is a clear error, never a fallback.
 */
const optional = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const secretList = z
  .string({ error: "is missing: set it in .dev.vars or with `wrangler secret put`" })
  .transform((value) => value.split(",").map((part) => part.trim()))
  .pipe(z.array(z.string().min(32, "must be at least 32 characters")).min(1));

const configSchema = z.object({
  APP_VERSION: z.string().default("0.0.0"),
  // The first secret signs; every one of them verifies, so secrets can rotate.
  SESSION_SECRET: secretList,
  JWT_SECRET: z.string({ error: "is missing" }).min(32, "must be at least 32 characters"),
  // Fails closed (docs/decisions/033-local-only-helpers.md): without a configured transport mail
  // is logged as not sent, never stored. "outbox" comes only from the .dev.vars the local
  // scripts write, and /__dev/mail shows it only with DEV_ROUTES on as well.
  MAIL_TRANSPORT: z.enum(["outbox", "http", "none"]).default("none"),
  MAIL_HTTP_URL: optional,
  MAIL_HTTP_TOKEN: optional,
  MAIL_FROM: z.string().default("SchoolHub <no-reply@schoolhub.example>"),
  // reCAPTCHA v2 on registration and password reset (SPEC §5): on only when both are set.
  // The verify URL exists so tests and self-hosted alternatives can answer instead of Google.
  CAPTCHA_SITE_KEY: optional,
  CAPTCHA_SECRET: optional,
  CAPTCHA_VERIFY_URL: z.url().default("https://www.google.com/recaptcha/api/siteverify"),
  AD_CLIENT: optional,
  ANALYTICS_SRC: optional,
  ANALYTICS_SITE_ID: optional,
  // Operators (decision 186): the accounts, by email, that moderate what belongs to no community
  // (reported chat and inbox messages, reported people). Comma-separated; none by default.
  OPERATOR_EMAILS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  // Local-only pages (/__dev/mail, /__dev/error, /__dev/notify): only the .dev.vars that the
  // local scripts write turns them on, never wrangler.toml or a default (decision 033).
  DEV_ROUTES: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  // Sign in with Google (decision 020): on when the client id and secret are set. The URLs default
  // to Google's and exist so tests can point them at a fake identity provider.
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_AUTH_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_JWKS_URL: z.url().default("https://www.googleapis.com/oauth2/v3/certs"),
  GOOGLE_ISSUER: z.string().default("https://accounts.google.com"),
  // Sign in with Apple: on when the services id, team id, key id and private key (PEM) are set.
  APPLE_CLIENT_ID: optional,
  APPLE_TEAM_ID: optional,
  APPLE_KEY_ID: optional,
  // Secrets often arrive with their newlines escaped as "\n".
  APPLE_PRIVATE_KEY: optional.transform((value) => value?.replaceAll("\\n", "\n")),
  APPLE_AUTH_URL: z.url().default("https://appleid.apple.com/auth/authorize"),
  APPLE_TOKEN_URL: z.url().default("https://appleid.apple.com/auth/token"),
  APPLE_JWKS_URL: z.url().default("https://appleid.apple.com/auth/keys"),
  APPLE_ISSUER: z.string().default("https://appleid.apple.com"),
  // Web Push (issue 23, decision 136): the VAPID key pair (base64url: the raw P-256 public key,
  // the private key's d) and the contact push services may write to. On only when both are set.
  VAPID_PUBLIC_KEY: optional,
  VAPID_PRIVATE_KEY: optional,
  VAPID_SUBJECT: z.string().default("mailto:admin@schoolhub.example"),
  // The session cookie's name. A deploy on https may choose "__Host-session", which browsers
  // accept only when Secure, for the whole host and without a Domain. The guest cache reads it
  // from the session module, so a rename never serves a signed-in user a guest's page.
  SESSION_COOKIE_NAME: z
    .string()
    .regex(/^[\w!#$%&'*+.^`|~-]+$/, "must be a cookie name (letters, digits, _ and -)")
    .default("__session"),
  // Set to "false" only for plain-http local runs; production cookies are always Secure.
  SECURE_COOKIES: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
  // Translation on request (decision 150): on when the deploy binds Workers AI as `AI`
  // (wrangler.toml's `[ai]`), like Google sign-in is on when its keys are set.
  AI: z.custom<AiBinding>(isAiBinding).optional().catch(undefined),
});

/** The Workers AI binding as the app calls it: `env.AI.run(model, inputs)`. */
export type AiBinding = { run(model: string, inputs: Record<string, unknown>): Promise<unknown> };

function isAiBinding(value: unknown): value is AiBinding {
  return typeof value === "object" && value !== null && typeof (value as AiBinding).run === "function";
}

export type AppConfig = z.infer<typeof configSchema>;

let cached: AppConfig | undefined;

/** Parses a set of bindings; exported so tests can check what a deploy's `[vars]` would give. */
/** Whatever the runtime hands over (`env`, or a test's object): the schema decides what it holds. */
export function parseConfig(bindings: unknown): AppConfig {
  const parsed = configSchema.safeParse(bindings);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join("; ")}`);
  }
  return parsed.data;
}

export function getConfig(): AppConfig {
  cached ??= parseConfig(env);
  return cached;
}

/** Public configuration the browser may see: never secrets. One object per configuration (decision 226). */
let publicConfig: { of: AppConfig; value: ReturnType<typeof publicConfigOf> } | undefined;

export function getPublicConfig() {
  const config = getConfig();
  if (publicConfig?.of !== config) publicConfig = { of: config, value: Object.freeze(publicConfigOf(config)) };
  return publicConfig.value;
}

function publicConfigOf(config: AppConfig) {
  return {
    appVersion: config.APP_VERSION,
    // "See translation" is offered only when a translator is configured (decision 150).
    translation: config.AI !== undefined,
    adClient: config.AD_CLIENT,
    analytics: config.ANALYTICS_SRC ? { src: config.ANALYTICS_SRC, siteId: config.ANALYTICS_SITE_ID } : undefined,
  };
}
