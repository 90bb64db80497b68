import { shopConfigSchema, type ConfigIssue, type ConfigResult, type ShopConfig } from '../domain/shop-config.ts';

/**
 * The shop config the server runs on, which a reload may change (decision 048): the last
 * valid config, what is wrong with the file now, and who wants to hear of a change. A file
 * that turns invalid never replaces a valid config: the shop keeps running on the last good one.
 */
export type ShopConfigHolder = {
  /** The file it is read from, for the owner's banner and the log; null for a config given in code (tests). */
  readonly file: string | null;
  /** The last valid config; null when none has been valid since the start. */
  config(): ShopConfig | null;
  /** What is wrong with the file now; empty when the config in use is the file's. */
  problems(): ConfigIssue[];
  /** Grows with every config taken into use: what is built from the config is kept per version. */
  version(): number;
  /** Takes what a read of the file gave: a valid config into use, an invalid one only into `problems`. */
  offer(result: ConfigResult): 'applied' | 'kept';
  /** Called with each config taken into use after this; returns the unsubscribe. */
  subscribe(listener: (config: ShopConfig) => void): () => void;
};

export function createShopConfigHolder(initial: ConfigResult, file: string | null = null): ShopConfigHolder {
  let config = initial.ok ? initial.config : null;
  let problems = initial.ok ? [] : initial.issues;
  let version = 1;
  const listeners = new Set<(config: ShopConfig) => void>();
  return {
    file,
    config: () => config,
    problems: () => problems,
    version: () => version,
    offer(result) {
      if (!result.ok) {
        problems = result.issues;
        return 'kept';
      }
      config = result.config;
      problems = [];
      version += 1;
      for (const listener of listeners) listener(config);
      return 'applied';
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** Whether `buildApp` was given a holder (start.ts) or a fixed config (tests), which it then holds itself. */
export const isShopConfigHolder = (value: ConfigResult | ShopConfigHolder): value is ShopConfigHolder => 'offer' in value;

/**
 * All the public is told while no config has been valid since the start (/healthz, the API,
 * the owner's calls from anyone): the problems quote the file, its lines and where it is,
 * which may be anything of the machine, so they are the owner's, in the log and on /admin.
 */
export const NOT_CONFIGURED = { error: 'shop_config_invalid', message: 'The shop is not configured correctly.' } as const;

/**
 * What /admin is drawn with while no config has been valid since the start: enough for the
 * owner to log in and read what is wrong. Shoppers never see it (their pages show the error screen).
 */
export const STAND_IN_SHOP: ShopConfig = shopConfigSchema.parse({
  id: 'shop',
  title: 'Shop',
  localeConfig: {},
  orderConfig: { orderEnabled: false, enquiryEnabled: false },
  themeConfig: { themeId: 'default' },
  contact: {},
});
