import { googleVerifySchema } from "~/routes/api/auth-bodies.server";
import { verifyProviderAction } from "~/routes/api/social.server";
import { googleIdentity, verifyGoogleIdToken } from "~/server/auth/google.server";
import { googleSettings } from "~/server/auth/providers.server";
import { apiTranslator, methodNotAllowed } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";

/**
 * POST /api/v2/auth/googleverify {idToken} → {token, refreshToken}. An app signed in with
 * Google itself; its id_token (audience: our client id) is verified against Google's keys.
 */
export async function action(args: ApiArgs) {
  return verifyProviderAction(args, "google", googleSettings(), googleVerifySchema, async (settings, body) => {
    const check = await verifyGoogleIdToken(body.idToken, settings);
    return check.status === "valid" ? { status: "valid", identity: googleIdentity(check.claims) } : check;
  });
}

export function loader({ context }: ApiArgs) {
  return methodNotAllowed("POST", apiTranslator(context));
}
