import { depositPaymentTypes } from './payment-types.ts';
import { distance } from './search-words.ts';
import type { ConfigIssue, ShopConfig } from './shop-config.ts';

/**
 * The checks of the owner's config file that one field's schema cannot make (issue 24):
 * settings the schema does not know (a typo such as `pickupEnabeld` would otherwise be
 * dropped in silence and leave pickup off), and combinations that validate field by field
 * but cannot work together (an UPI payment with no UPI id, dine-in with no tables).
 */

/** The parts of a zod 4 schema's definition the walk reads; zod is pinned to major 4. */
type Schema = {
  _zod: { def: { type: string; shape?: Record<string, Schema>; catchall?: Schema; innerType?: Schema; element?: Schema; valueType?: Schema; in?: Schema } };
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The known key closest to a mistyped one, if it is close enough to be what was meant. */
function closestKey(typed: string, known: readonly string[]): string | undefined {
  const lower = typed.toLowerCase();
  let best: string | undefined;
  let bestDistance = 3;
  for (const key of known) {
    const d = distance(lower, key.toLowerCase(), 2);
    if (d < bestDistance) [best, bestDistance] = [key, d];
  }
  return best;
}

/** Every key of `input` that `schema` has no place for, with the key that was probably meant. */
export function unknownKeyIssues(schema: Schema, input: unknown, path: string[] = []): ConfigIssue[] {
  const def = schema._zod.def;
  switch (def.type) {
    case 'default':
    case 'optional':
    case 'nullable':
    case 'prefault':
      return unknownKeyIssues(def.innerType!, input, path);
    case 'pipe':
      return unknownKeyIssues(def.in!, input, path);
    case 'array':
      return Array.isArray(input) ? input.flatMap((item, i) => unknownKeyIssues(def.element!, item, [...path, String(i)])) : [];
    case 'record':
      return isRecord(input) ? Object.entries(input).flatMap(([key, value]) => unknownKeyIssues(def.valueType!, value, [...path, key])) : [];
    case 'object': {
      if (!isRecord(input)) return [];
      const shape = def.shape!;
      const known = Object.keys(shape);
      return Object.entries(input).flatMap(([key, value]) => {
        if (key in shape) return unknownKeyIssues(shape[key]!, value, [...path, key]);
        if (def.catchall && def.catchall._zod.def.type !== 'never') return [];
        // "$schema" points editors at the JSON Schema (npm run shop -- config-schema)
        if (key === '$schema' && path.length === 0) return [];
        const meant = closestKey(key, known);
        return [
          {
            path: [...path, key].join('.'),
            message: meant ? `Unknown setting "${key}": did you mean "${meant}"?` : `Unknown setting "${key}"`,
            hint: meant ? undefined : `Settings here: ${known.join(', ')}`,
          },
        ];
      });
    }
    default:
      return [];
  }
}

/** Combinations of settings that are each valid but cannot work together. */
export function crossFieldIssues(config: ShopConfig): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const problem = (path: string, message: string) => issues.push({ path, message });
  const providers = config.payment.providers.map((p) => p.id);
  if (providers.includes('upi-manual') && !config.payment.upi) {
    problem(
      'payment.upi',
      'The "upi-manual" payment needs the shop\'s UPI id: add "upi": { "vpa": "yourshop@hdfcbank", "payeeName": "Your Shop" } to "payment"',
    );
  }
  if (providers.includes('payu') && !config.payment.payu) {
    problem(
      'payment.payu',
      'The "payu" payment needs PayU\'s merchant key: add "payu": { "merchantKey": "…", "mode": "test" } to "payment" (the salt goes in PAYU_SALT)',
    );
  }
  for (const id of duplicates(providers)) problem('payment.providers', `The payment "${id}" is listed more than once`);
  if (config.dineInConfig.dineInEnabled && config.dineSpaces.length === 0) {
    problem(
      'dineSpaces',
      'Dine-in is on but there are no tables: add "dineSpaces" like [{ "id": "table-1", "name": "Table 1" }], or set "dineInEnabled" to false',
    );
  }
  for (const id of duplicates(config.dineSpaces.map((s) => s.id)))
    problem('dineSpaces', `The table id "${id}" is used more than once; each table's QR code needs its own id`);
  if (config.appointments.enabled && config.appointments.services.length === 0) {
    problem('appointments.services', 'Appointments are on but there are no services to book: add "services", or set "enabled" to false');
  }
  const deposits = config.appointments.services.filter((s) => (s.deposit ?? 0) > 0);
  if (deposits.length && (!config.orderConfig.orderEnabled || depositPaymentTypes(config.payment.providers).length === 0)) {
    problem(
      `appointments.services.${config.appointments.services.indexOf(deposits[0]!)}.deposit`,
      'A deposit is paid when booking, so the shop must take orders ("orderEnabled": true) and a way to pay other than on delivery ("upi-manual", "razorpay" or "payu" in "payment.providers"); or remove the deposit',
    );
  }
  const packing = config.orderConfig.packingCharge;
  if (packing.maxAmount > 0 && packing.minAmount > packing.maxAmount) {
    problem('orderConfig.packingCharge.maxAmount', `The packing charge's maximum (${packing.maxAmount}) is below its minimum (${packing.minAmount})`);
  }
  const hours = config.orderConfig.openingHours;
  if (hours && Object.values(hours).every((day) => day.length === 0)) {
    problem(
      'orderConfig.openingHours',
      'The ordering hours have no day with hours, so the shop would never take an order: add hours like "mon": [{ "from": "07:00", "to": "22:00" }], or remove "openingHours" to take orders at any time',
    );
  }
  return issues;
}

function duplicates(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
}
