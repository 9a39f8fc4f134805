/**
 * The browser's translations (decision 023): the small part of i18next's API this app uses, so
 * the browser skips ~17 KB gzip of i18next. The server renders with the real i18next
 * (app/middleware/i18next.ts) through the same React bindings (./react.tsx), so both render
 * the same text; i18n-lite.test.tsx checks every key against i18next. Supported: namespaces
 * ("ns:key"), nested keys, {{value}} interpolation, {{value, format}} with a format added as
 * i18next's (`services.formatter.add`), plurals (_one/_other … via Intl.PluralRules),
 * returnObjects and defaultValue. Anything else must be added here and tested.
 */
type Tree = { [key: string]: unknown };
type Options = {
  ns?: string;
  count?: number;
  returnObjects?: boolean;
  defaultValue?: string;
  [value: string]: unknown;
};
type InitOptions = {
  /** As i18next's: values every text may interpolate (the account limits, ~/lib/account). */
  interpolation?: { defaultVariables?: Record<string, unknown> };
  lng?: string;
  fallbackLng?: string;
  defaultNS?: string;
  resources?: Record<string, Record<string, Tree>>;
};
type Listener = (...args: unknown[]) => void;
type Format = (value: unknown, language: string) => string;

const MISSING = Symbol("missing");

function lookup(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object" || !(part in node)) return MISSING;
    node = (node as Tree)[part];
  }
  return node;
}

function interpolate(text: string, options: Options, defaults: Tree, formats: Map<string, Format>, language: string) {
  return text.replace(/\{\{\s*([\w.]+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (match, name: string, format?: string) => {
    let value = lookup(options, name);
    if (value === MISSING || value === undefined) value = lookup(defaults, name);
    if (value === MISSING || value === undefined || value === null) return match;
    const formatter = format ? formats.get(format.toLowerCase()) : undefined;
    return formatter ? formatter(value, language) : String(value);
  });
}

export class I18nLite {
  language = "en";
  languages: string[] = ["en"];
  isInitialized = false;
  private defaultNS = "translation";
  private store: Record<string, Record<string, Tree>> = {};
  private listeners = new Map<string, Set<Listener>>();
  private plurals = new Intl.PluralRules("en");
  private defaults: Tree = {};
  private fallback = "en";
  private formats = new Map<string, Format>();
  /** As i18next's formatter: `services.formatter.add(name, (value, language) => text)`. */
  readonly services = {
    formatter: { add: (name: string, format: unknown) => this.formats.set(name.toLowerCase(), format as Format) },
  };

  init(options: InitOptions = {}) {
    this.language = options.lng ?? options.fallbackLng ?? "en";
    this.languages = [this.language];
    this.defaultNS = options.defaultNS ?? "translation";
    this.fallback = options.fallbackLng ?? "en";
    this.plurals = new Intl.PluralRules(this.language);
    this.defaults = options.interpolation?.defaultVariables ?? {};
    for (const [lng, namespaces] of Object.entries(options.resources ?? {})) {
      for (const [ns, tree] of Object.entries(namespaces)) this.addResourceBundle(lng, ns, tree);
    }
    this.isInitialized = true;
    this.emit("initialized", options);
    return Promise.resolve(this.t);
  }

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  private emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  hasResourceBundle(lng: string, ns: string) {
    return Boolean(this.store[lng]?.[ns]);
  }

  addResourceBundle(lng: string, ns: string, tree: Tree, _deep?: boolean, _overwrite?: boolean) {
    this.store[lng] ??= {};
    this.store[lng][ns] = { ...this.store[lng][ns], ...tree };
    return this;
  }

  changeLanguage(lng?: string) {
    if (lng && lng !== this.language) {
      this.language = lng;
      this.languages = [lng];
      this.emit("languageChanged", lng);
    }
    return Promise.resolve(this.t);
  }

  dir(lng = this.language) {
    return lng === "ar" ? ("rtl" as const) : ("ltr" as const);
  }

  getFixedT(_lng: string | null, ns?: string | null) {
    return (key: string | string[], options?: Options | string) =>
      this.t(
        key,
        typeof options === "string"
          ? { defaultValue: options, ns: ns ?? undefined }
          : { ns: ns ?? undefined, ...options },
      );
  }

  t = (keys: string | string[], options: Options | string = {}): unknown => {
    const opts: Options = typeof options === "string" ? { defaultValue: options } : options;
    for (const key of Array.isArray(keys) ? keys : [keys]) {
      const found = this.resolve(key, opts);
      if (found !== MISSING) return found;
    }
    const last = Array.isArray(keys) ? keys.at(-1)! : keys;
    return opts.defaultValue !== undefined
      ? interpolate(opts.defaultValue, opts, this.defaults, this.formats, this.language)
      : last.replace(/^[\w-]+:/, "");
  };

  private resolve(key: string, options: Options): unknown {
    const separator = key.indexOf(":");
    const ns = separator > 0 ? key.slice(0, separator) : (options.ns ?? this.defaultNS);
    const path = separator > 0 ? key.slice(separator + 1) : key;
    const found = this.resolveIn(this.language, ns, path, options);
    // As i18next: a text the language lacks is the fallback language's (English).
    return found === MISSING && this.language !== this.fallback
      ? this.resolveIn(this.fallback, ns, path, options)
      : found;
  }

  private resolveIn(language: string, ns: string, path: string, options: Options): unknown {
    const tree = this.store[language]?.[ns];
    if (!tree) return MISSING;
    let value: unknown = MISSING;
    if (typeof options.count === "number") {
      const rules = language === this.language ? this.plurals : new Intl.PluralRules(language);
      value = lookup(tree, `${path}_${rules.select(options.count)}`);
    }
    if (value === MISSING) value = lookup(tree, path);
    if (value === MISSING) return MISSING;
    if (typeof value === "string") return interpolate(value, options, this.defaults, this.formats, this.language);
    if (options.returnObjects) return this.deepInterpolate(value, options);
    return MISSING;
  }

  private deepInterpolate(value: unknown, options: Options): unknown {
    if (typeof value === "string") return interpolate(value, options, this.defaults, this.formats, this.language);
    if (Array.isArray(value)) return value.map((item) => this.deepInterpolate(item, options));
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.deepInterpolate(v, options)]));
    }
    return value;
  }
}

/** The browser's one instance: entry.client initialises it, route modules add their namespaces. */
export const browserTranslations = new I18nLite();
