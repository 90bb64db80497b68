import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberedUserAction } from './remembered-user.ts';
import { keepUserValue, readUserCollection, userValue } from './user-storage.ts';

describe("the shop's 'user' collection in local storage (§9)", () => {
  let storage: Map<string, string>;
  beforeEach(() => {
    storage = new Map();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    });
  });
  afterEach(() => void vi.unstubAllGlobals());

  it("keeps the shopper's values under '<shop>/user', beside '<shop>/cart', one shop apart from another", () => {
    storage.set('kirana/cart', '[]');
    keepUserValue('kirana', 'country', 'IN');
    keepUserValue('kirana', 'device', 'dev-1');
    keepUserValue('bakery', 'country', 'NP');
    expect(JSON.parse(storage.get('kirana/user')!)).toEqual({ country: 'IN', device: 'dev-1' });
    expect(JSON.parse(storage.get('bakery/user')!)).toEqual({ country: 'NP' });
    expect([...storage.keys()].sort()).toEqual(['bakery/user', 'kirana/cart', 'kirana/user']);
    keepUserValue('kirana', 'device', undefined);
    expect(userValue('kirana', 'device')).toBeUndefined();
    expect(userValue('kirana', 'country')).toBe('IN');
  });

  it('moves the values an older version kept under their own keys into the collection, so the device and its secret survive the upgrade', () => {
    storage.set('kirana/country', 'IN');
    storage.set('kirana/device', 'dev-old');
    storage.set('kirana/deviceSecret', 'secret-old');
    storage.set('kirana/cart', '[{"id":"atta"}]');
    expect(userValue('kirana', 'device')).toBe('dev-old');
    expect(readUserCollection('kirana')).toEqual({ country: 'IN', device: 'dev-old', deviceSecret: 'secret-old' });
    // the old keys are gone, the cart is untouched
    expect([...storage.keys()].sort()).toEqual(['kirana/cart', 'kirana/user']);
    expect(storage.get('kirana/cart')).toBe('[{"id":"atta"}]');
  });

  it('a value already in the collection wins over an old key left behind', () => {
    storage.set('kirana/user', JSON.stringify({ device: 'dev-new' }));
    storage.set('kirana/device', 'dev-old');
    expect(userValue('kirana', 'device')).toBe('dev-new');
    expect(storage.has('kirana/device')).toBe(false);
  });

  it('a damaged entry or refused storage starts empty instead of breaking the page', () => {
    storage.set('kirana/user', '{not json');
    expect(readUserCollection('kirana')).toEqual({});
    storage.set('kirana/user', '[1,2]');
    expect(readUserCollection('kirana')).toEqual({});
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(userValue('kirana', 'country')).toBeUndefined();
    expect(() => keepUserValue('kirana', 'country', 'IN')).not.toThrow();
  });
});

describe('the logged-in user in the collection', () => {
  const asha = { id: 'u1', name: 'Asha', email: 'asha@example.com', phoneNumber: null };

  it('is kept while logged in, and written again only when it changed', () => {
    expect(rememberedUserAction(undefined, 'user', asha, true)).toBe('keep');
    expect(rememberedUserAction(asha, 'user', asha, true)).toBeNull();
    expect(rememberedUserAction(asha, 'user', { ...asha, name: 'Asha Rao' }, true)).toBe('keep');
  });

  it('is forgotten once the browser holds no session, not while it is still being found or a refresh failed offline', () => {
    expect(rememberedUserAction(asha, 'guest', null, false)).toBe('forget');
    expect(rememberedUserAction(asha, 'unknown', null, true)).toBeNull();
    expect(rememberedUserAction(asha, 'guest', null, true)).toBeNull();
    expect(rememberedUserAction(undefined, 'guest', null, false)).toBeNull();
  });
});
