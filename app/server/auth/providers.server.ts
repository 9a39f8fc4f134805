import { type AppConfig, getConfig } from "~/server/config.server";

/** The identity providers we accept (SPEC §1), as stored in oauth_accounts.provider. */
export type SocialProvider = "google" | "apple";

/** The provider's name as people know it: a brand, never translated. */
export const PROVIDER_NAMES: Record<SocialProvider, string> = { google: "Google", apple: "Apple" };

export type GoogleSettings = {
  clientId: string;
  clientSecret?: string;
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  issuer: string;
};

export type AppleSettings = {
  clientId: string;
  teamId: string;
  keyId: string;
  privateKey: string;
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  issuer: string;
};

/**
 * Google settings, or null when Google is off. The JSON API only needs the client id (it
 * verifies an id_token a native app obtained); the web flow also needs the secret.
 */
export function googleSettings(config: AppConfig = getConfig()): GoogleSettings | null {
  if (!config.GOOGLE_CLIENT_ID) return null;
  return {
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    authUrl: config.GOOGLE_AUTH_URL,
    tokenUrl: config.GOOGLE_TOKEN_URL,
    jwksUrl: config.GOOGLE_JWKS_URL,
    issuer: config.GOOGLE_ISSUER,
  };
}

/** Apple settings, or null when Apple is off: every sign-in needs the signed client secret. */
export function appleSettings(config: AppConfig = getConfig()): AppleSettings | null {
  const { APPLE_CLIENT_ID, APPLE_TEAM_ID, APPLE_KEY_ID, APPLE_PRIVATE_KEY } = config;
  if (!APPLE_CLIENT_ID || !APPLE_TEAM_ID || !APPLE_KEY_ID || !APPLE_PRIVATE_KEY) return null;
  return {
    clientId: APPLE_CLIENT_ID,
    teamId: APPLE_TEAM_ID,
    keyId: APPLE_KEY_ID,
    privateKey: APPLE_PRIVATE_KEY,
    authUrl: config.APPLE_AUTH_URL,
    tokenUrl: config.APPLE_TOKEN_URL,
    jwksUrl: config.APPLE_JWKS_URL,
    issuer: config.APPLE_ISSUER,
  };
}

/** Which "Continue with …" buttons the sign-in and registration pages show (DESIGN §7). */
export function enabledProviders(config: AppConfig = getConfig()): Record<SocialProvider, boolean> {
  return { google: Boolean(googleSettings(config)?.clientSecret), apple: appleSettings(config) !== null };
}
