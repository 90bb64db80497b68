import { isDeepStrictEqual } from 'node:util';
import type { ShopConfig } from '../domain/shop-config.ts';
import { shopMoneyOf } from '../domain/shop-money.ts';
import { STAND_IN_SHOP, type ShopConfigHolder } from './shop-config-holder.ts';

/**
 * The config as the shop runs it, read by every request (decision 048): the holder's last
 * valid config with the server's own adjustments, made once per version, its amounts
 * converted to minor units then too (`shopMoneyOf`, decision 082).
 */
export type RunningShop = {
  /** The config in use; null while none has been valid since the start. */
  current(): ShopConfig | null;
  /**
   * The config in use, for a route that cannot answer without one: the invalid-config guard
   * keeps requests away from those routes until there is one, so this never throws for them.
   */
  shop(): ShopConfig;
  version(): number;
  readonly holder: ShopConfigHolder;
};

export function runningShop(holder: ShopConfigHolder, adjust: (config: ShopConfig) => ShopConfig): RunningShop {
  let made: { version: number; config: ShopConfig | null } | undefined;
  const current = () => {
    const version = holder.version();
    if (made?.version !== version) {
      const config = holder.config();
      const running = config && adjust(config);
      // one conversion of the charges and caps per version, which every order and quote of it reads
      if (running) shopMoneyOf(running);
      made = { version, config: running };
    }
    return made.config;
  };
  // made at once on a reload, so its warnings reach the log beside "config reloaded"
  holder.subscribe(() => void current());
  current();
  return {
    current,
    shop() {
      const config = current();
      if (!config) throw new Error('the shop config is invalid: this route should be behind the invalid-config guard');
      return config;
    },
    version: holder.version,
    holder,
  };
}

/**
 * Settings the server builds its parts from once, at the start (decision 048): money is kept
 * in minor units of `fractionDigits`, caller verification adds its own routes, the order
 * limiters are made with their numbers, and the shop's id names its keys in Redis. A reload
 * keeps the start's values for the first two (so pages and server agree) and says that each
 * changed one waits for a restart. Started with no valid config, the start's values are the defaults.
 */
export function pinStartSettings(boot: ShopConfig | null, warn: (message: string) => void): (config: ShopConfig) => ShopConfig {
  const start = boot ?? STAND_IN_SHOP;
  return (config) => {
    const waits = [
      config.localeConfig.fractionDigits !== start.localeConfig.fractionDigits && 'localeConfig.fractionDigits',
      !isDeepStrictEqual(config.callerVerification, start.callerVerification) && 'callerVerification',
      !isDeepStrictEqual(config.orderConfig.orderRateLimit, start.orderConfig.orderRateLimit) && 'orderConfig.orderRateLimit',
      boot && config.id !== boot.id && 'id',
    ].filter((w): w is string => typeof w === 'string');
    for (const setting of waits) warn(`shop config: ${setting} changed; it takes effect when the server restarts`);
    if (!waits.length) return config;
    return {
      ...config,
      localeConfig: { ...config.localeConfig, fractionDigits: start.localeConfig.fractionDigits },
      callerVerification: start.callerVerification,
    };
  };
}
