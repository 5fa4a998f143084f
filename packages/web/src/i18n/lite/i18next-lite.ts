/**
 * The part of i18next's runtime this app uses, in about 2 KB instead of 17 (docs/decisions.md,
 * 2026-11-22): namespaces loaded through a backend, `ns:key` and nested `a.b` keys, `{{name}}`
 * interpolation (no escaping: React escapes), CLDR plurals with `_one`/`_other` suffixes,
 * `exists`, `changeLanguage` and the `languageChanged` event. The build aliases `i18next` to this
 * file; type checking still reads i18next's own types, so keys stay checked against the catalogs.
 */

type Catalog = Record<string, unknown>;
type Callback = (error: unknown, catalog: Catalog | false) => void;
type Backend = {
  type: 'backend';
  read(language: string, namespace: string, callback: Callback): void;
};
type Plugin = { type: string; init?: (instance: I18nLite) => void };
type Listener = (...args: unknown[]) => void;
type InitOptions = {
  lng?: string;
  ns?: string | string[];
  defaultNS?: string;
  resources?: Record<string, Record<string, Catalog>>;
};
type TOptions = Record<string, unknown> & { ns?: string | readonly string[]; count?: number };

const NS_SEPARATOR = ':';

export class I18nLite {
  language = '';
  defaultNS = 'translation';
  private backend: Backend | null = null;
  private store: Record<string, Record<string, Catalog>> = {};
  private loading = new Map<string, Promise<void>>();
  private usedNamespaces = new Set<string>();
  private listeners = new Map<string, Set<Listener>>();
  private pluralRules = new Map<string, Intl.PluralRules>();

  use(module: Backend | Plugin): this {
    if (module.type === 'backend') this.backend = module as Backend;
    else (module as Plugin).init?.(this);
    return this;
  }

  async init(options: InitOptions): Promise<void> {
    this.language = options.lng ?? 'en';
    this.defaultNS = options.defaultNS ?? this.defaultNS;
    for (const [language, namespaces] of Object.entries(options.resources ?? {})) {
      for (const [namespace, catalog] of Object.entries(namespaces)) {
        this.addResourceBundle(language, namespace, catalog);
      }
    }
    const initial = options.ns ?? this.defaultNS;
    await this.loadNamespaces(initial);
    this.emit('initialized');
  }

  on(event: string, listener: Listener): void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
  }

  off(event: string, listener: Listener): void {
    this.listeners.get(event)?.delete(listener);
  }

  private emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  addResourceBundle(language: string, namespace: string, catalog: Catalog): void {
    (this.store[language] ??= {})[namespace] = catalog;
    this.usedNamespaces.add(namespace);
  }

  hasLoadedNamespace(namespace: string, language = this.language): boolean {
    return this.store[language]?.[namespace] !== undefined;
  }

  /** Loads each namespace for the language once; resolves when all are there. */
  loadNamespaces(namespaces: string | readonly string[], language = this.language): Promise<void> {
    const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
    const pending = list.map((namespace) => {
      this.usedNamespaces.add(namespace);
      if (this.hasLoadedNamespace(namespace, language)) return Promise.resolve();
      const id = `${language}|${namespace}`;
      let load = this.loading.get(id);
      if (!load) {
        load = new Promise<void>((resolve) => {
          if (!this.backend) {
            this.addResourceBundle(language, namespace, {});
            resolve();
            return;
          }
          this.backend.read(language, namespace, (error, catalog) => {
            // A catalog that fails to load leaves keys untranslated rather than the app broken.
            this.addResourceBundle(language, namespace, error || !catalog ? {} : catalog);
            this.loading.delete(id);
            resolve();
          });
        });
        this.loading.set(id, load);
      }
      return load;
    });
    return Promise.all(pending).then(() => undefined);
  }

  /** Loads every namespace in use for the new language first, then switches. */
  async changeLanguage(language: string): Promise<void> {
    await this.loadNamespaces([...this.usedNamespaces], language);
    this.language = language;
    this.emit('languageChanged', language);
  }

  private resolve(key: string, namespaces: readonly string[]): string | undefined {
    let lookupKey = key;
    let candidates = namespaces;
    const separator = key.indexOf(NS_SEPARATOR);
    if (separator > 0) {
      const namespace = key.slice(0, separator);
      if (this.usedNamespaces.has(namespace)) {
        candidates = [namespace];
        lookupKey = key.slice(separator + 1);
      }
    }
    for (const namespace of candidates) {
      let node: unknown = this.store[this.language]?.[namespace];
      for (const part of lookupKey.split('.')) {
        node = typeof node === 'object' && node !== null ? (node as Catalog)[part] : undefined;
      }
      if (typeof node === 'string') return node;
    }
    return undefined;
  }

  private namespacesOf(options?: { ns?: string | readonly string[] }): readonly string[] {
    const ns = options?.ns;
    if (!ns) return [this.defaultNS];
    return typeof ns === 'string' ? [ns] : ns;
  }

  exists(key: string, options?: { ns?: string | readonly string[] }): boolean {
    return this.resolve(key, this.namespacesOf(options)) !== undefined;
  }

  private plural(count: number): string {
    let rules = this.pluralRules.get(this.language);
    if (!rules) this.pluralRules.set(this.language, (rules = new Intl.PluralRules(this.language)));
    return rules.select(count);
  }

  t = (key: string | readonly string[], options: TOptions = {}): string => {
    const namespaces = this.namespacesOf(options);
    const keys = typeof key === 'string' ? [key] : key;
    for (const candidate of keys) {
      const count = options.count;
      const template =
        (typeof count === 'number'
          ? (this.resolve(`${candidate}_${this.plural(count)}`, namespaces) ??
            this.resolve(`${candidate}_other`, namespaces))
          : undefined) ?? this.resolve(candidate, namespaces);
      if (template !== undefined) {
        return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
          const value = options[name];
          return value === undefined || value === null ? whole : String(value);
        });
      }
    }
    const fallback = options.defaultValue;
    return typeof fallback === 'string' ? fallback : (keys[keys.length - 1] ?? '');
  };

  /** A `t` bound to namespaces: the first is the default, the others are searched after it. */
  getFixedT(_language: string | null, namespaces: string | readonly string[]) {
    const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
    return (key: string | readonly string[], options: TOptions = {}) =>
      this.t(key, { ...options, ns: options.ns ?? list });
  }
}

const i18n = new I18nLite();
export default i18n;
