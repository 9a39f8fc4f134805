import { getConfig } from "~/server/config.server";

/** The VAPID public key browsers subscribe with, or null while Web Push is not configured. */
export function pushPublicKey(): string | null {
  const config = getConfig();
  return config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY ? config.VAPID_PUBLIC_KEY : null;
}
