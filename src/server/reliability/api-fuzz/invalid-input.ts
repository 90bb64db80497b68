import fc from 'fast-check';
import { satisfies, type Schema } from './openapi.ts';
import { SEED } from './settings.ts';
import { deeplyNested, validArbitrary, type Hints } from './valid-input.ts';

// Invalid input: values the schema refuses

const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 20 }),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  deeplyNested,
  fc.integer({ min: 2_000, max: 20_000 }).map((n) => 'x'.repeat(n)),
);

/** An arbitrary of values the schema refuses, or null when it accepts (nearly) anything. */
export function invalidArbitrary(schema: Schema, hints: Hints, depth = 0): fc.Arbitrary<unknown> | null {
  const options: fc.Arbitrary<unknown>[] = [wrongValue];
  const types = typeof schema.type === 'string' ? [schema.type] : (schema.type ?? []);
  if (schema.enum || schema.const !== undefined) options.push(fc.string({ maxLength: 12 }));
  if (types.includes('string')) {
    if (schema.maxLength !== undefined) options.push(fc.integer({ min: schema.maxLength + 1, max: schema.maxLength + 200 }).map((n) => 'x'.repeat(n)));
    if (schema.minLength) options.push(fc.integer({ min: 0, max: schema.minLength - 1 }).map((n) => 'x'.repeat(n)));
    if (schema.pattern || schema.format)
      options.push(
        fc.oneof(
          fc.string({ maxLength: 30 }),
          fc.constantFrom('2026-13-40', '2026-02-30', 'tomorrow', '2026-11-23T10:30:00', '2026-11-23 10:30:00+05:30', 'not an address', 'a@b', 'http://'),
        ),
      );
  }
  if (types.includes('integer') || types.includes('number')) {
    const bounds = [schema.minimum, schema.exclusiveMinimum, schema.maximum, schema.exclusiveMaximum].filter((b): b is number => b !== undefined);
    options.push(
      fc.constantFrom(
        ...bounds.flatMap((b) => [b - 1, b + 1, b - 0.5, b + 0.5, b * 10 + 1, -b - 1]),
        0.5,
        -1,
        '5',
        '1.5',
        ...(schema.multipleOf ? [schema.multipleOf / 3 + 1] : []),
      ),
    );
  }
  if (types.includes('boolean')) options.push(fc.constantFrom('true', 'false', 1, 0));
  if (types.includes('array') && depth < 4) {
    const items = schema.items ?? {};
    if (schema.minItems) options.push(fc.constant([]));
    if (schema.maxItems !== undefined && schema.maxItems < 1000)
      options.push(fc.array(validArbitrary(items, hints), { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 3 }));
    const badItem = invalidArbitrary(items, hints, depth + 1);
    if (badItem) options.push(fc.tuple(fc.array(validArbitrary(items, hints), { maxLength: 2 }), badItem).map(([ok, bad]) => [...ok, bad]));
  }
  if (types.includes('object') && depth < 4) {
    const props = schema.properties ?? {};
    const valid = validArbitrary(schema, hints);
    const required = schema.required ?? [];
    if (required.length) {
      options.push(
        fc.tuple(valid, fc.constantFrom(...required)).map(([obj, key]) => Object.fromEntries(Object.entries(obj as object).filter(([k]) => k !== key))),
      );
    }
    const breakable = Object.entries(props).flatMap(([key, child]) => {
      const bad = invalidArbitrary(child, hints, depth + 1);
      return bad ? [fc.tuple(valid, bad).map(([obj, value]) => ({ ...(obj as object), [key]: value }))] : [];
    });
    if (breakable.length) options.push(fc.oneof(...breakable));
  }
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const bad = depth < 4 ? invalidArbitrary(branch, hints, depth + 1) : null;
    if (bad) options.push(bad);
  }
  const arb = fc.oneof(...options);
  // only what the schema itself refuses is invalid: a schema taking anything has no invalid input
  const sample = fc.sample(arb, { seed: SEED, numRuns: 60 });
  if (sample.filter((v) => !satisfies(schema, v)).length < 6) return null;
  return arb.filter((v) => !satisfies(schema, v));
}
