/**
 * The browser's react-i18next: useTranslation, I18nextProvider, initReactI18next and Trans
 * (named tags only, e.g. "I accept the <terms>Terms</terms>"), over ./i18next. The server keeps
 * the real library; see ./i18next.ts for why.
 */
import { cloneElement, createContext, type ReactElement, type ReactNode, useContext, useMemo } from "react";
import defaultInstance, { type I18nLite } from "./i18next";

const I18nContext = createContext<I18nLite | null>(null);
let globalInstance: I18nLite = defaultInstance;

export const initReactI18next = {
  type: "3rdParty" as const,
  init(instance: I18nLite) {
    globalInstance = instance;
  },
};

export function I18nextProvider({ i18n, children }: { i18n: I18nLite; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
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

function translatorOf(i18n: I18nLite, namespace: string | undefined): TFunction {
  let byNamespace = translators.get(i18n);
  if (!byNamespace) {
    byNamespace = new Map();
    translators.set(i18n, byNamespace);
  }
  const id = `${i18n.language}|${namespace ?? ""}`;
  let t = byNamespace.get(id);
  if (!t) {
    const lookup = i18n.getFixedT(null, namespace) as TFunction;
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

export function useTranslation(ns?: string | string[]) {
  const i18n = useContext(I18nContext) ?? globalInstance;
  const namespace = Array.isArray(ns) ? ns[0] : ns;
  return useMemo(() => {
    const t = translatorOf(i18n, namespace);
    // react-i18next's hook answers both `[t, i18n, ready]` and `{t, i18n, ready}`.
    const tuple: [TFunction, I18nLite, boolean] = [t, i18n, true];
    return Object.assign(tuple, { t, i18n, ready: true });
  }, [i18n, namespace]);
}

export function Trans({
  t,
  i18nKey,
  values,
  components = {},
}: {
  t?: TFunction;
  i18nKey: string;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement<{ children?: ReactNode }>>;
}) {
  const fallback = useTranslation().t;
  const text = (t ?? fallback)(i18nKey, values);
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
