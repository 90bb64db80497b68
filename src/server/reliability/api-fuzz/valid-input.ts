import fc from 'fast-check';
import { satisfies, type Schema } from './openapi.ts';

// Valid input: JSON schema → fast-check arbitrary

const SPECIAL_CHARS = [
  '\u0000',
  '\ud800',
  '\udfff',
  '\u202e',
  '\ufeff',
  '\u00a0',
  '😀',
  '𝕏',
  'é',
  "'",
  '"',
  '\\',
  '%',
  '<',
  '>',
  '&',
  '\n',
  '\t',
  ' ',
  '/',
  '?',
  '#',
  '.',
  '*',
];
const stringUnit = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_ @.+'.split('')) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom(...SPECIAL_CHARS) },
);

/** A string of `min`…`max` UTF-16 units (zod's `.length`), with odd characters among the plain ones. */
function text(min: number, max: number): fc.Arbitrary<string> {
  const cap = Math.min(max, Math.max(min, 0) + 80);
  return fc.string({ unit: stringUnit, minLength: 0, maxLength: cap }).map((s) => {
    let out = s.slice(0, cap);
    while (out.length < min) out += 'a';
    return out;
  });
}

const OFFSETS = ['Z', '+05:30', '-08:00', '+00:00', '+14:00'];
const instant = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true });
const isoDateTime = fc.tuple(instant, fc.constantFrom(...OFFSETS), fc.boolean()).map(([date, offset, millis]) => {
  const minutes = offset === 'Z' ? 0 : (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  const local = new Date(date.getTime() + minutes * 60_000).toISOString();
  return (millis ? local.slice(0, 23) : local.slice(0, 19)) + offset;
});

/** Values a property of this name is likely to need to get past the business checks; the schema still decides. */
export type Hints = Record<string, unknown[]>;

export function validArbitrary(schema: Schema, hints: Hints, name?: string, depth = 0): fc.Arbitrary<unknown> {
  const base = baseArbitrary(schema, hints, depth);
  const hinted = name !== undefined ? (hints[name] ?? []).filter((v) => satisfies(schema, v)) : [];
  return hinted.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hinted) }, { weight: 2, arbitrary: base }) : base;
}

function baseArbitrary(schema: Schema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches)
    return withNull(
      schema,
      fc.oneof(...branches.map((b) => validArbitrary(b, hints, undefined, depth + 1))).filter((v) => satisfies(schema, v)),
    );
  const types = typeof schema.type === 'string' ? [schema.type] : (schema.type ?? []);
  if (!types.length) return withNull(schema, fc.jsonValue({ maxDepth: 2 }));
  return withNull(schema, fc.oneof(...types.map((type) => arbitraryOfType(type, schema, hints, depth))));
}

const withNull = (schema: Schema, arb: fc.Arbitrary<unknown>) => (schema.nullable ? fc.option(arb, { nil: null, freq: 4 }) : arb);

function arbitraryOfType(type: string, schema: Schema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? Math.floor(schema.exclusiveMinimum) + 1 : -(2 ** 31));
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? Math.ceil(schema.exclusiveMaximum) - 1 : 2 ** 31);
      return fc.integer({ min, max });
    }
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e9;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e9;
      // steps of a decimal (0.01): whole steps, written as the decimal a person types
      const step = schema.multipleOf;
      if (step)
        return fc
          .integer({ min: Math.ceil(min / step), max: Math.floor(max / step) })
          .map((k) => Number((k * step).toFixed(6)))
          .filter((n) => satisfies(schema, n));
      const double = fc.double({
        min,
        max,
        noNaN: true,
        noDefaultInfinity: true,
        minExcluded: schema.exclusiveMinimum !== undefined,
        maxExcluded: schema.exclusiveMaximum !== undefined,
      });
      const small = fc.integer({ min: Math.ceil(min), max: Math.floor(max) }).filter((n) => satisfies(schema, n));
      return Math.ceil(min) <= Math.floor(max) ? fc.oneof(double, small) : double;
    }
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? 300;
      const fits = (s: string) => s.length >= min && s.length <= max;
      if (schema.format === 'date') return instant.map((d) => d.toISOString().slice(0, 10)).filter((s) => satisfies(schema, s));
      if (schema.format === 'date-time') return isoDateTime.filter((s) => satisfies(schema, s));
      if (schema.format === 'email') return fc.emailAddress().filter(fits);
      if (schema.format === 'uri') return fc.webUrl().filter(fits);
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
      return text(min, max);
    }
    case 'array': {
      const items = schema.items ?? {};
      const min = schema.minItems ?? 0;
      return fc.array(validArbitrary(items, hints, undefined, depth + 1), { minLength: min, maxLength: Math.min(schema.maxItems ?? 4, min + 4) });
    }
    case 'object': {
      const props = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([key, child]) => [key, validArbitrary(child, hints, key, depth + 1)]));
      // every property, or a random choice of the optional ones: a complete body gets further into the route
      const record = fc.oneof(fc.record(model), fc.record(model, { requiredKeys: schema.required ?? [] }));
      if (schema.additionalProperties === false) return record;
      // keys the schema does not name are dropped by the routes: some come along, deep ones too
      const extraKey = fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !(k in props) && k !== '__proto__' && k !== 'constructor');
      const extraValue =
        depth === 0 ? fc.oneof({ weight: 4, arbitrary: fc.jsonValue({ maxDepth: 2 }) }, { weight: 1, arbitrary: deeplyNested }) : fc.jsonValue({ maxDepth: 2 });
      const extras = fc.option(fc.dictionary(extraKey, extraValue, { maxKeys: 2 }), { freq: 3 });
      return fc.tuple(record, extras).map(([r, extra]) => (extra ? { ...extra, ...r } : r));
    }
    default:
      throw new Error(`the fuzzer does not know the type "${type}"`);
  }
}

/** An object nested a few thousand levels deep (built without recursion). */
export const deeplyNested = fc.tuple(fc.integer({ min: 100, max: 3000 }), fc.boolean()).map(([depth, arrays]) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
});
