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

export function useTranslation(ns?: string | string[]) {
  const i18n = useContext(I18nContext) ?? globalInstance;
  const namespace = Array.isArray(ns) ? ns[0] : ns;
  return useMemo(() => {
    const t = i18n.getFixedT(null, namespace) as TFunction;
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
