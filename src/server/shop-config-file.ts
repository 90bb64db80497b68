import { readFileSync } from 'node:fs';
import { validateShopConfig, type ConfigResult } from '../domain/shop-config.ts';

/** Reads and validates the owner's config file; a missing or malformed file is reported like any other config problem. */
export function loadShopConfig(file: string): ConfigResult {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return { ok: false, issues: [{ path: file, message: `Cannot read the shop config file: ${(err as Error).message}` }] };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { ok: false, issues: [{ path: file, message: `The shop config file is not valid JSON: ${(err as Error).message}` }] };
  }
  return validateShopConfig(data);
}
