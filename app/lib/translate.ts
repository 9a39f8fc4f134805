import type { TFunction } from "i18next";

/**
 * The one message type: a key chosen at run time ("ns:key", from a schema, a service result or
 * a notice) with its values. Pages, forms, services and the API all translate through it.
 */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * i18next types its keys from the resources, which is right for keys written in code; messages
 * are keys known only at run time, so they go through the overload that takes any key with a
 * default. The default is the key itself, which is what i18next shows for a missing key anyway.
 */
export function toTranslate(t: TFunction): Translate {
  return (key, values) => t(key, { ...values, defaultValue: key });
}
