import { describe, expect, it } from 'vitest';
import { configMessages, validateShopConfig } from './shop-config.ts';

const minimal = () => ({ id: 'corner-shop', title: 'Corner Shop', localeConfig: {}, orderConfig: {}, themeConfig: { themeId: 'default' }, contact: {} });

describe('shop config', () => {
  it('an owner who writes only the required parts gets the spec defaults', () => {
    const result = validateShopConfig(minimal());
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const c = result.config;
    expect(c.themeConfig.primaryColor).toBe('#2874f0');
    expect(c.localeConfig.defaultLocale).toBe('en-US');
    expect(c.orderConfig.detailsConfig.personal).toEqual({ email: true, phone: true, fullName: true });
    expect(c.country).toBe('IN');
    expect(c.localeConfig.priceFormat).toBe('{sign}{amount}');
  });

  it('lists every problem at once, each with the §5 message', () => {
    const result = validateShopConfig({ id: 'x', title: '' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.message).sort()).toEqual(
      [
        configMessages.invalidTitle,
        configMessages.localeMissing,
        configMessages.orderMissing,
        configMessages.themeMissing,
        configMessages.contactMissing,
      ].sort(),
    );
  });

  it('a price format needs both {sign} and {amount}', () => {
    for (const priceFormat of ['{amount}', '{sign}', 'Rs. 10']) {
      const result = validateShopConfig({ ...minimal(), localeConfig: { priceFormat } });
      expect(result.ok ? [] : result.issues.map((i) => i.message)).toEqual([configMessages.invalidPriceFormat]);
    }
    expect(validateShopConfig({ ...minimal(), localeConfig: { priceFormat: '{amount} {sign}' } }).ok).toBe(true);
  });

  it('names the field of any other mistake', () => {
    const result = validateShopConfig({ ...minimal(), themeConfig: { themeId: 'default', primaryColor: 'blue' } });
    expect(result.ok ? [] : result.issues.map((i) => i.path)).toEqual(['themeConfig.primaryColor']);
  });

  it('search synonyms are lowercase words, each naming 1 to 10 catalog words', () => {
    const synonyms = (value: unknown) => validateShopConfig({ ...minimal(), catalog: { synonyms: value } });
    const ok = synonyms({ chawal: ['rice'], atta: ['flour', 'wheat'], मिर्च: ['chilli'] });
    expect(ok.ok && ok.config.catalog.synonyms).toEqual({ chawal: ['rice'], atta: ['flour', 'wheat'], मिर्च: ['chilli'] });
    const defaults = validateShopConfig(minimal());
    expect(defaults.ok && defaults.config.catalog.synonyms).toEqual({});
    const problems = (value: unknown) => {
      const result = synonyms(value);
      return result.ok ? [] : result.issues.map((i) => i.message);
    };
    expect(problems({ Chawal: ['rice'] })).toEqual(['Write one lowercase word without spaces or punctuation, e.g. chawal']);
    expect(problems({ chawal: ['basmati rice'] })).toEqual(['Write one lowercase word without spaces or punctuation, e.g. chawal']);
    expect(problems({ chawal: [] })).toEqual(['Name at least one catalog word']);
    expect(problems({ chawal: 'rice' })).toHaveLength(1);
    expect(problems(Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`word${i}`, ['rice']])))).toEqual(['At most 500 synonyms']);
  });
});

describe('per-mode details, payment words and ordering hours (decision 050)', () => {
  const issuesOf = (orderConfig: unknown, payment?: unknown) => {
    const result = validateShopConfig({ ...minimal(), orderConfig, ...(payment ? { payment } : {}) });
    return result.ok ? [] : result.issues.map((i) => `${i.path}: ${i.message}`);
  };

  it("the spec's detailsConfig.personal alone still validates; modes, words per mode and hours are optional", () => {
    expect(issuesOf({ detailsConfig: { personal: { email: false, phone: true, fullName: true } } })).toEqual([]);
    const modes = { detailsConfig: { personal: { email: true, phone: true, fullName: true }, modes: { dine: { email: false }, digital: { phone: false } } } };
    const pof = { id: 'pof', providerName: 'Cash on delivery', buttonText: 'Place order', modes: { dine: { providerName: 'Pay at the till' } } };
    expect(issuesOf({ ...modes, openingHours: { mon: [{ from: '07:00', to: '22:00' }] }, closedMessage: 'Back soon' }, { providers: [pof] })).toEqual([]);
  });

  it('a mistyped mode is named with the one meant', () => {
    expect(issuesOf({ detailsConfig: { modes: { dinein: { email: false } } } })).toEqual([
      'orderConfig.detailsConfig.modes.dinein: Unknown setting "dinein": did you mean "dine"?',
    ]);
  });

  it('ordering hours with no day open are a mistake: the shop would never take an order', () => {
    expect(issuesOf({ openingHours: {} })).toEqual([
      'orderConfig.openingHours: The ordering hours have no day with hours, so the shop would never take an order: add hours like "mon": [{ "from": "07:00", "to": "22:00" }], or remove "openingHours" to take orders at any time',
    ]);
    expect(issuesOf({ openingHours: { sun: [{ from: '09:00', to: '13:00' }] } })).toEqual([]);
  });
});
