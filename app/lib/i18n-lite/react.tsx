/**
 * The app's React bindings for translations: useTranslation, TranslationsProvider and Trans (named
 * tags only, e.g. "I accept the <terms>Terms</terms>"). Our own small module under its own name
 * (decision 023): the server renders through it over the real i18next instance, the browser over
 * ./translations. Keys are typed by i18next's own types (app/middleware/i18next.ts declares the
 * resources), so a misspelt key fails the type check as it would with react-i18next.
 */
import type { FlatNamespace, TFunction as TypedT } from "i18next";
import { cloneElement, createContext, type ReactElement, type ReactNode, useContext, useMemo } from "react";
import { browserTranslations } from "./translations";

/** What the bindings need of an instance: the server's i18next and the browser's I18nLite both have it. */
export type Translations = {
  language: string;
  /** The bindings call it with a key and options (see TFunction below). */
  getFixedT(lng: null, ns: string | undefined): (...args: never[]) => unknown;
  changeLanguage(lng?: string): Promise<unknown>;
};

const TranslationsContext = createContext<Translations | null>(null);

export function TranslationsProvider({ i18n, children }: { i18n: Translations; children?: ReactNode }) {
  return <TranslationsContext.Provider value={i18n}>{children}</TranslationsContext.Provider>;
}

type TFunction = (key: string | string[], options?: Record<string, unknown> | string) => string;

/**
 * One translator per instance, language and namespace, remembering the texts it found: for keys
 * asked without options (most of them: labels, buttons), and for keys asked with plain values
 * (`t("post.likes", { count: 3 })`, a name), which a feed asks per post and comment. A server
 * render of the newsfeed asks for the same few texts hundreds of times, and i18next's lookup
 * and interpolation profiled at a sixth of it (decisions 044, 079). A key not found is never
 * remembered: its namespace may be registered later in the browser. Texts with values are
 * bounded (names vary without end); the option-less ones are bounded by the resources.
 */
const translators = new WeakMap<object, Map<string, TFunction>>();
const MAX_WITH_VALUES = 2000;

/** A memo key for options made only of strings, numbers and booleans; null for anything else. */
function keyWithValues(key: string, options: Record<string, unknown>): string | null {
  let id = key;
  for (const name in options) {
    const value = options[name];
    const type = typeof value;
    if (type !== "string" && type !== "number" && type !== "boolean") return null;
    id += `\u0000${name}\u0001${String(value)}`;
  }
  return id;
}

function translatorOf(i18n: Translations, namespace: string | undefined): TFunction {
  let byNamespace = translators.get(i18n);
  if (!byNamespace) {
    byNamespace = new Map();
    translators.set(i18n, byNamespace);
  }
  const id = `${i18n.language}|${namespace ?? ""}`;
  let t = byNamespace.get(id);
  if (!t) {
    const lookup = i18n.getFixedT(null, namespace) as unknown as TFunction;
    const found = new Map<string, string>();
    const foundWithValues = new Map<string, string>();
    const isFound = (text: unknown, key: string): text is string =>
      typeof text === "string" && text !== key && !text.endsWith(`:${key}`);
    t = (key, options) => {
      if (typeof key !== "string") return lookup(key, options);
      if (options === undefined) {
        const known = found.get(key);
        if (known !== undefined) return known;
        const text = lookup(key);
        if (isFound(text, key)) found.set(key, text);
        return text;
      }
      // Only the server asks the same texts with values hundreds of times per render; the browser's
      // bundle leaves this memo out (a constant the build replaces, so no page's script grows).
      const memo =
        import.meta.env.SSR && typeof options === "object" && options !== null ? keyWithValues(key, options) : null;
      if (memo === null) return lookup(key, options);
      const known = foundWithValues.get(memo);
      if (known !== undefined) return known;
      const text = lookup(key, options);
      if (isFound(text, key)) {
        if (foundWithValues.size >= MAX_WITH_VALUES) foundWithValues.clear();
        foundWithValues.set(memo, text);
      }
      return text;
    };
    byNamespace.set(id, t);
  }
  return t;
}

/**
 * The translator of a namespace (the first, for a list: react-i18next looks keys without a prefix
 * up there too), typed like react-i18next's. Outside a provider, the browser's instance.
 */
export function useTranslation<const Ns extends FlatNamespace | readonly FlatNamespace[] = "common">(ns?: Ns) {
  const i18n = useContext(TranslationsContext) ?? browserTranslations;
  const namespace = Array.isArray(ns) ? ns[0] : (ns as string | undefined);
  return useMemo(() => {
    const t = translatorOf(i18n, namespace) as unknown as TypedT<Ns>;
    // Like react-i18next's hook, it answers both `[t, i18n, ready]` and `{t, i18n, ready}`.
    const tuple: [TypedT<Ns>, Translations, boolean] = [t, i18n, true];
    return Object.assign(tuple, { t, i18n, ready: true });
  }, [i18n, namespace]);
}

export function Trans({
  t,
  i18nKey,
  values,
  components = {},
}: {
  /** A translator from useTranslation, typed for its namespace (any translator fits). */
  t?: (key: never, options?: never) => unknown;
  i18nKey: string;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement<{ children?: ReactNode }>>;
}) {
  const fallback = useTranslation().t;
  const text = ((t ?? fallback) as unknown as TFunction)(i18nKey, values);
  const parts: ReactNode[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>|<(\w+)\s*\/>/g;
  let last = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    parts.push(text.slice(last, match.index));
    const name = match[1] ?? match[3]!;
    const element = components[name];
    parts.push(element ? cloneElement(element, { key: match.index }, match[2]) : (match[2] ?? ""));
    last = tag.lastIndex;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
