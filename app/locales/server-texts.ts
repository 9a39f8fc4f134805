type Texts = { [key: string]: unknown };

const isGroup = (value: unknown): value is Texts =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A namespace's browser texts with its server-only texts (en/server/<namespace>.json) merged in
 * under the same keys, so `t("common:errors.sessionRenewed")` reads the same on the server
 * whichever file holds the text (decision 099). A key in both files is a mistake:
 * locales.test.ts refuses it.
 */
export function withServerTexts<Shared extends Texts, Server extends Texts>(
  shared: Shared,
  server: Server,
): Shared & Server {
  const merged: Texts = { ...shared };
  for (const [key, value] of Object.entries(server)) {
    const existing = merged[key];
    merged[key] = isGroup(value) && isGroup(existing) ? withServerTexts(existing, value) : value;
  }
  return merged as Shared & Server;
}
