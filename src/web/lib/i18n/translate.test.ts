import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { enUS } from './en-US.ts';
import { hiIN } from './hi-IN.ts';
import { Translator, type MessageKey } from './translate.ts';

// a catalog of our own, so each rule is seen on a text that shows it
const texts = {
  cart: { items_one: '{{count}} item', items_other: '{{count}} items', empty: 'Empty', items_zero: 'No items' },
  order: { placed: 'Placed on {{date}} by {{ name }}', plain: 'Plain' },
} as const;
const t = (language: string, key: string, options?: Record<string, unknown>) => new Translator(language, texts).t(key as MessageKey, options);

describe('Translator', () => {
  it('looks a key up by its path, and answers a missing key with the key itself', () => {
    expect(t('en-US', 'order.plain')).toBe('Plain');
    expect(t('en-US', 'order.nothing')).toBe('order.nothing');
    expect(t('en-US', 'order')).toBe('order');
  });

  it('fills placeholders; one not given stays, one given as undefined becomes empty', () => {
    expect(t('en-US', 'order.placed', { date: '1 Dec', name: 'Asha' })).toBe('Placed on 1 Dec by Asha');
    expect(t('en-US', 'order.placed', { date: 5 })).toBe('Placed on 5 by {{ name }}');
    expect(t('en-US', 'order.placed', { date: undefined, name: null })).toBe('Placed on  by ');
  });

  it("picks the plural by the language's rules: Hindi's one takes 0 and 1, English's only 1; 0 tries _zero first", () => {
    const { cart } = texts;
    const noZero = new Translator('en-US', { cart: { items_one: cart.items_one, items_other: cart.items_other } });
    expect(noZero.t('cart.items' as MessageKey, { count: 1 })).toBe('1 item');
    expect(noZero.t('cart.items' as MessageKey, { count: 0 })).toBe('0 items');
    expect(noZero.t('cart.items' as MessageKey, { count: 2 })).toBe('2 items');
    const hindi = new Translator('hi-IN', { cart: { items_one: cart.items_one, items_other: cart.items_other } });
    expect(hindi.t('cart.items' as MessageKey, { count: 0 })).toBe('0 item');
    expect(hindi.t('cart.items' as MessageKey, { count: 1 })).toBe('1 item');
    expect(hindi.t('cart.items' as MessageKey, { count: 2 })).toBe('2 items');
    expect(t('en-US', 'cart.items', { count: 0 })).toBe('No items');
    // a count on a key without plural forms uses the key
    expect(t('en-US', 'cart.empty', { count: 3 })).toBe('Empty');
  });

  it('uses defaultValue, filled in, only when the key is missing', () => {
    expect(t('en-US', 'order.statuses.lost', { defaultValue: 'lost {{n}}', n: 2 })).toBe('lost 2');
    expect(t('en-US', 'order.plain', { defaultValue: 'other' })).toBe('Plain');
  });

  it('takes added parts of the catalog (the owner pages add theirs)', () => {
    const translator = new Translator('en-US', texts);
    expect(translator.text('owner.title')).toBeUndefined();
    translator.add({ owner: { title: 'Your shop' } });
    expect(translator.t('owner.title')).toBe('Your shop');
  });
});

/** Every key of a catalog, plural forms by their base key once. */
function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`] : keysOf(v as object, `${prefix}${k}.`),
  );
}

describe('Translator gives what i18next gave (decision 064)', () => {
  for (const [language, messages] of [
    ['en-US', enUS],
    ['hi-IN', hiIN],
  ] as const) {
    it(`for every key of ${language}, with counts 0, 1, 2 and 21 and every placeholder filled or not`, () => {
      const i18next = createInstance({
        resources: { [language]: { translation: messages } },
        lng: language,
        interpolation: { escapeValue: false },
        initAsync: false,
      });
      void i18next.init();
      const ours = new Translator(language, messages);
      const keys = [...new Set(keysOf(messages))];
      expect(keys.length).toBeGreaterThan(300);
      let compared = 0;
      for (const key of keys) {
        const names = [...JSON.stringify(messages).matchAll(/\{\{([^}]+)\}\}/g)].map((m) => m[1]!.trim());
        const filled = Object.fromEntries(names.map((n, i) => [n, `v${i}`]));
        for (const options of [undefined, filled, ...[0, 1, 2, 21].map((count) => ({ ...filled, count }))]) {
          expect(ours.t(key as MessageKey, options), `${key} ${JSON.stringify(options)}`).toBe(i18next.t(key, options as never));
          compared++;
        }
      }
      expect(compared).toBe(keys.length * 6);
    });
  }
});
