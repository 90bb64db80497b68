import type { Messages } from './en-US.ts';

/**
 * The page's texts, looked up and filled in (decision 064). What the catalogs use of
 * i18next, with i18next's results, in a few hundred bytes:
 * - a key is a path in the catalog, `'cart.title'`; a key that is not there is returned as it is;
 * - `{{name}}` takes `values.name` (as text; no HTML escaping, React escapes); a name not
 *   given stays `{{name}}`, one given as `undefined` or `null` becomes '';
 * - `count` picks `key_one`, `key_other`, … by the language's CLDR plural rules
 *   (`Intl.PluralRules`, so Hindi's "one" takes 0 and 1), `key_zero` first for 0, then `key`;
 * - `defaultValue` is the text when the key is missing, filled in the same way.
 */

type PluralSuffix = '_zero' | '_one' | '_two' | '_few' | '_many' | '_other';
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type Branches<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? never : `${Prefix}${K}` | Branches<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type WithoutPlural<K extends string> = K extends `${infer Base}${PluralSuffix}` ? Base : K;
type AllKeys = Leaves<Messages>;
/**
 * Every key of the catalog, each plural's base key (`catalog.options` for `catalog.options_one`),
 * and a key made at run time under one of the catalog's groups (`order.statuses.${status}`).
 */
export type MessageKey = AllKeys | WithoutPlural<AllKeys> | `${Branches<Messages>}.${string}`;

export type TOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: MessageKey, options?: TOptions) => string;

type Tree = { [key: string]: string | Tree };

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralRulesOf(language: string): Intl.PluralRules {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules;
}

function lookUp(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function fill(text: string, values: TOptions | undefined): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const key = name.trim();
    if (!values || !Object.hasOwn(values, key)) return placeholder;
    const value = values[key];
    return value === undefined || value === null ? '' : String(value);
  });
}

/** The texts of one language: `t`, and the whole catalog to add parts to (the owner's pages add theirs). */
export class Translator {
  readonly language: string;
  private readonly tree: Tree;

  constructor(language: string, messages: object) {
    this.language = language;
    this.tree = { ...(messages as Tree) };
  }

  /** The text at `key` as it stands in the catalog, or undefined. */
  text(key: string): string | undefined {
    return lookUp(this.tree, key);
  }

  /** Adds (or replaces) top-level parts of the catalog, e.g. `{ owner }`. */
  add(part: object): void {
    Object.assign(this.tree, part);
  }

  readonly t: TFunction = (key, options) => {
    const count = options?.count;
    const plural = typeof count === 'number';
    const text =
      (plural && count === 0 ? lookUp(this.tree, `${key}_zero`) : undefined) ??
      (plural ? lookUp(this.tree, `${key}_${pluralRulesOf(this.language).select(count)}`) : undefined) ??
      lookUp(this.tree, key) ??
      options?.defaultValue;
    return text === undefined ? key : fill(text, options);
  };
}
