import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { OPENAPI_PATHS } from '../plugins/openapi.ts';
import { API_NOT_FOUND } from '../routes/not-found.ts';
import { createAccessTokens } from '../services/access-tokens.ts';
import { testDatabases } from '../testing/databases.ts';
import { testShopConfig } from '../testing/fixtures.ts';
import { buildTestApp, useTestApp } from '../testing/test-app.ts';

/**
 * API fuzzing (issue 9). The app's own OpenAPI document (GET /api/docs, made from the
 * routes' zod schemas) names every operation and its input; fast-check drives each one
 * with input generated from those JSON schemas:
 * - valid input (and realistic ids, so calls get past "no such order"): never a 500;
 * - input the schema makes invalid (wrong types, missing or extra-long fields, bad
 *   patterns, nulls, deep nesting, malformed or oversized JSON, wrong content types,
 *   bad query strings, path parameters and headers): always a 4xx, never a 2xx or 5xx;
 * - every answer matches the response schema its route declares, and every JSON error
 *   has one of the API's error shapes;
 * - the owner's calls answer anyone else exactly as a call that does not exist does
 *   (decision 024), whatever the input.
 * Requests come as a guest, a shopper, the owner, with an expired or a bad token, from
 * random client addresses (so rate limits count each as a new client).
 *
 * Bounded for CI: FUZZ_RUNS runs per operation and kind (20 by default), a fixed seed
 * (FUZZ_SEED, printed with any failure) so a failure can be replayed.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
/** scrypt at N = 2^17 takes a second or more on a loaded CI machine: the password calls get a few runs. */
const PASSWORD_RUNS = Math.max(2, Math.ceil(RUNS / 8));
const SEED = Number(process.env.FUZZ_SEED ?? 9_2026);
/** Only the operations whose `METHOD /path` matches (to replay one). */
const ONLY = process.env.FUZZ_OPS ? new RegExp(process.env.FUZZ_OPS) : null;

// ---------------------------------------------------------------------------------------
// The JSON schemas of the document (OpenAPI 3.1: JSON Schema 2020-12), the part the routes use

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  nullable?: boolean;
  default?: unknown;
  description?: string;
};
const KNOWN_KEYWORDS = new Set<string>(['type', 'properties', 'required', 'additionalProperties', 'items', 'minItems', 'maxItems', 'minLength', 'maxLength', 'pattern', 'format', 'enum', 'const', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'anyOf', 'oneOf', 'nullable', 'default', 'description']);

type Param = { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: Schema };
type Operation = {
  id: string;
  method: string;
  path: string;
  params: Param[];
  body: { schema: Schema; required: boolean } | undefined;
  /** Response schemas by status code, where the route declares one. */
  responses: Record<string, Schema>;
  owner: boolean;
};

type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { parameters?: Param[]; requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> }; responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>>;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The document's operations; an unknown schema keyword fails here, so the converter grows with the routes. */
function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const id = `${method.toUpperCase()} ${path}`;
      const params = (op.parameters ?? []).map((p) => ({ ...p, required: p.required ?? false }));
      const content = op.requestBody?.content;
      if (content && Object.keys(content).some((type) => type !== 'application/json')) throw new Error(`${id}: a request body that is not JSON (${Object.keys(content).join(', ')})`);
      const body = content?.['application/json'] ? { schema: content['application/json'].schema, required: op.requestBody?.required ?? false } : undefined;
      const responses: Record<string, Schema> = {};
      for (const [status, response] of Object.entries(op.responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (schema) responses[status] = schema;
      }
      for (const schema of [...params.map((p) => p.schema), ...(body ? [body.schema] : [])]) assertSupported(schema, id);
      ops.push({ id, method: method.toUpperCase(), path, params, body, responses, owner: path.startsWith('/admin/api/') });
    }
  }
  return ops;
}

function assertSupported(schema: Schema, where: string) {
  for (const key of Object.keys(schema)) if (!KNOWN_KEYWORDS.has(key)) throw new Error(`${where}: the fuzzer does not know the schema keyword "${key}"`);
  if (schema.format && !['date', 'date-time', 'email', 'uri'].includes(schema.format)) throw new Error(`${where}: the fuzzer does not know the format "${schema.format}"`);
  for (const child of [...Object.values(schema.properties ?? {}), ...(schema.items ? [schema.items] : []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) assertSupported(child, where);
  if (typeof schema.additionalProperties === 'object') assertSupported(schema.additionalProperties, where);
}

/** Whether a value satisfies a schema of the document: zod's JSON Schema reader is the oracle. */
const compiled = new WeakMap<Schema, z.ZodType>();
function satisfies(schema: Schema, value: unknown): boolean {
  let check = compiled.get(schema);
  if (!check) {
    check = z.fromJSONSchema(schema as z.core.JSONSchema.JSONSchema);
    compiled.set(schema, check);
  }
  return check.safeParse(value).success;
}

// ---------------------------------------------------------------------------------------
// Valid input: JSON schema → fast-check arbitrary

const SPECIAL_CHARS = ['\u0000', '\ud800', '\udfff', '\u202e', '\ufeff', '\u00a0', '😀', '𝕏', 'é', "'", '"', '\\', '%', '<', '>', '&', '\n', '\t', ' ', '/', '?', '#', '.', '*'];
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
type Hints = Record<string, unknown[]>;

function validArbitrary(schema: Schema, hints: Hints, name?: string, depth = 0): fc.Arbitrary<unknown> {
  const base = baseArbitrary(schema, hints, depth);
  const hinted = name !== undefined ? (hints[name] ?? []).filter((v) => satisfies(schema, v)) : [];
  return hinted.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hinted) }, { weight: 2, arbitrary: base }) : base;
}

function baseArbitrary(schema: Schema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return withNull(schema, fc.oneof(...branches.map((b) => validArbitrary(b, hints, undefined, depth + 1))).filter((v) => satisfies(schema, v)));
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
      if (step) return fc.integer({ min: Math.ceil(min / step), max: Math.floor(max / step) }).map((k) => Number((k * step).toFixed(6))).filter((n) => satisfies(schema, n));
      const double = fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: schema.exclusiveMinimum !== undefined, maxExcluded: schema.exclusiveMaximum !== undefined });
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
      const extraValue = depth === 0 ? fc.oneof({ weight: 4, arbitrary: fc.jsonValue({ maxDepth: 2 }) }, { weight: 1, arbitrary: deeplyNested }) : fc.jsonValue({ maxDepth: 2 });
      const extras = fc.option(fc.dictionary(extraKey, extraValue, { maxKeys: 2 }), { freq: 3 });
      return fc.tuple(record, extras).map(([r, extra]) => (extra ? { ...extra, ...r } : r));
    }
    default:
      throw new Error(`the fuzzer does not know the type "${type}"`);
  }
}

/** An object nested a few thousand levels deep (built without recursion). */
const deeplyNested = fc.tuple(fc.integer({ min: 100, max: 3000 }), fc.boolean()).map(([depth, arrays]) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
});

// ---------------------------------------------------------------------------------------
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
function invalidArbitrary(schema: Schema, hints: Hints, depth = 0): fc.Arbitrary<unknown> | null {
  const options: fc.Arbitrary<unknown>[] = [wrongValue];
  const types = typeof schema.type === 'string' ? [schema.type] : (schema.type ?? []);
  if (schema.enum || schema.const !== undefined) options.push(fc.string({ maxLength: 12 }));
  if (types.includes('string')) {
    if (schema.maxLength !== undefined) options.push(fc.integer({ min: schema.maxLength + 1, max: schema.maxLength + 200 }).map((n) => 'x'.repeat(n)));
    if (schema.minLength) options.push(fc.integer({ min: 0, max: schema.minLength - 1 }).map((n) => 'x'.repeat(n)));
    if (schema.pattern || schema.format) options.push(fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('2026-13-40', '2026-02-30', 'tomorrow', '2026-11-23T10:30:00', '2026-11-23 10:30:00+05:30', 'not an address', 'a@b', 'http://')));
  }
  if (types.includes('integer') || types.includes('number')) {
    const bounds = [schema.minimum, schema.exclusiveMinimum, schema.maximum, schema.exclusiveMaximum].filter((b): b is number => b !== undefined);
    options.push(fc.constantFrom(...bounds.flatMap((b) => [b - 1, b + 1, b - 0.5, b + 0.5, b * 10 + 1, -b - 1]), 0.5, -1, '5', '1.5', ...(schema.multipleOf ? [schema.multipleOf / 3 + 1] : [])));
  }
  if (types.includes('boolean')) options.push(fc.constantFrom('true', 'false', 1, 0));
  if (types.includes('array') && depth < 4) {
    const items = schema.items ?? {};
    if (schema.minItems) options.push(fc.constant([]));
    if (schema.maxItems !== undefined && schema.maxItems < 1000) options.push(fc.array(validArbitrary(items, hints), { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 3 }));
    const badItem = invalidArbitrary(items, hints, depth + 1);
    if (badItem) options.push(fc.tuple(fc.array(validArbitrary(items, hints), { maxLength: 2 }), badItem).map(([ok, bad]) => [...ok, bad]));
  }
  if (types.includes('object') && depth < 4) {
    const props = schema.properties ?? {};
    const valid = validArbitrary(schema, hints);
    const required = schema.required ?? [];
    if (required.length) {
      options.push(fc.tuple(valid, fc.constantFrom(...required)).map(([obj, key]) => Object.fromEntries(Object.entries(obj as object).filter(([k]) => k !== key))));
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

// ---------------------------------------------------------------------------------------
// Requests

type Auth = 'guest' | 'shopper' | 'owner' | 'expired' | 'bad token' | 'order token';
type Body = { json: unknown } | { raw: string; contentType?: string | undefined } | undefined;
type Call = { kind: string; auth: Auth; ip: string; path: Record<string, string>; query: Array<[string, string]>; headers: Record<string, string>; body: Body };

/** Percent-encodes what is not plain (a lone surrogate becomes U+FFFD first, as in UTF-8). */
const pct = (s: string) =>
  Array.from(Buffer.from(s, 'utf8'))
    .map((b) => (/[A-Za-z0-9_~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');

const asQueryValue = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** The calls whose credential is the order's notification token (decisions 015, 016). */
const ORDER_TOKEN_CALLS = /^(GET \/api\/guest\/order\/|POST \/fn\/order\/(paymentConfig|upiReference|cancelRequest)$)/;

const authArbitrary = (op: Operation): fc.Arbitrary<Auth> =>
  // the owner's event feed never ends: only the others (who get a 404) call it
  op.id === 'GET /admin/api/events'
    ? fc.constantFrom<Auth>('guest', 'shopper', 'bad token', 'order token')
    : fc.oneof(
        { weight: 3, arbitrary: fc.constant<Auth>('guest') },
        { weight: 3, arbitrary: fc.constant<Auth>('shopper') },
        { weight: 3, arbitrary: fc.constant<Auth>('owner') },
        { weight: ORDER_TOKEN_CALLS.test(op.id) ? 6 : 1, arbitrary: fc.constant<Auth>('order token') },
        { weight: 1, arbitrary: fc.constantFrom<Auth>('expired', 'bad token') },
      );

function validCall(op: Operation, hints: Hints): fc.Arbitrary<Call> {
  const of = (where: Param['in']) => op.params.filter((p) => p.in === where);
  const path = fc.record(Object.fromEntries(of('path').map((p) => [p.name, validArbitrary(p.schema, hints, p.name).map(asQueryValue)])));
  const query = fc.tuple(...of('query').map((p) => (p.required ? validArbitrary(p.schema, hints, p.name).map((v) => [[p.name, asQueryValue(v)]]) : fc.option(validArbitrary(p.schema, hints, p.name).map((v) => [[p.name, asQueryValue(v)]]), { nil: [] })))).map((lists) => lists.flat() as Array<[string, string]>);
  const headers = fc.tuple(...of('header').map((p) => fc.option(validArbitrary(p.schema, hints, p.name).map((v) => [p.name, String(v)] as const), { nil: undefined }))).map((pairs) => Object.fromEntries(pairs.filter((x) => x !== undefined)));
  // the hint '' is for the whole body
  const body: fc.Arbitrary<Body> = op.body ? validArbitrary(op.body.schema, hints, '').map((json) => ({ json })) : fc.constant(undefined);
  return fc.record({ kind: fc.constant('valid'), auth: authArbitrary(op), ip: fc.ipV4(), path, query, headers, body });
}

const MALFORMED_JSON = ['{', '{"a":', "{'a':1}", '[1,2', 'undefined', 'NaN', '{"a":1}}', '\u0000', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}', '{"a":1,}', '--', '1 2'];
const WRONG_CONTENT_TYPES = ['application/xml', 'text/html', 'image/png', 'application/octet-stream', 'multipart/form-data; boundary=fuzz', 'application/x-www-form-urlencoded-not', 'text/csv'];

/** Every way this operation's input can be made invalid, each as an arbitrary of calls. */
function invalidCalls(op: Operation, hints: Hints): Array<fc.Arbitrary<Call>> {
  const valid = validCall(op, hints);
  const calls: Array<fc.Arbitrary<Call>> = [];
  const mutate = (kind: string, arb: fc.Arbitrary<(c: Call) => Call>) => calls.push(fc.tuple(valid, arb).map(([c, f]) => ({ ...f(c), kind })));

  if (op.body) {
    const { schema } = op.body;
    const bad = invalidArbitrary(schema, hints);
    if (bad) mutate('body against its schema', bad.map((json) => (c) => ({ ...c, body: { json } })));
    if (op.body.required) mutate('no body', fc.constant((c: Call) => ({ ...c, body: undefined })));
    const malformed = fc.oneof(fc.constantFrom(...MALFORMED_JSON), fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !parses(s)));
    mutate('malformed JSON', malformed.map((raw) => (c) => ({ ...c, body: { raw, contentType: 'application/json' } })));
    mutate('empty JSON', fc.constant((c: Call) => ({ ...c, body: { raw: '', contentType: 'application/json' } })));
    mutate('wrong content type', fc.tuple(fc.constantFrom(...WRONG_CONTENT_TYPES), fc.string({ maxLength: 40 })).map(([contentType, raw]) => (c) => ({ ...c, body: { raw, contentType } })));
    mutate('plain text', fc.string({ maxLength: 40 }).filter((s) => !satisfies(schema, s)).map((raw) => (c) => ({ ...c, body: { raw, contentType: 'text/plain' } })));
    mutate('body over the limit', fc.integer({ min: 70_000, max: 200_000 }).map((n) => (c) => ({ ...c, body: { raw: `{"pad":"${'x'.repeat(n)}"}`, contentType: 'application/json' } })));
    if (!satisfies(schema, [])) mutate('deeply nested JSON', fc.integer({ min: 1_000, max: 30_000 }).map((n) => (c) => ({ ...c, body: { raw: '['.repeat(n) + ']'.repeat(n), contentType: 'application/json' } })));
  }

  for (const param of op.params) {
    const inQuery = param.in === 'query';
    const coerced = (s: string) => (isNumeric(param.schema) ? Number(s) : s);
    const badText = fc
      .oneof(
        fc.string({ maxLength: 30 }),
        fc.constantFrom('abc', '1.5', '-1', '0', '99999999', 'NaN', '', ' ', '2026-13-40', 'tomorrow', 'placed,bogus'),
        fc.integer({ min: (param.schema.maxLength ?? 190) + 1, max: Math.max((param.schema.maxLength ?? 190) + 1, 190) }).map((n) => 'x'.repeat(n)),
      )
      .filter((s) => !satisfies(param.schema, coerced(s)));
    if (param.in === 'path') {
      mutate(`path parameter ${param.name}`, badText.map((s) => (c) => ({ ...c, path: { ...c.path, [param.name]: s } })));
    } else if (inQuery) {
      mutate(`query parameter ${param.name}`, badText.map((s) => (c) => ({ ...c, query: [...c.query.filter(([k]) => k !== param.name), [param.name, s]] })));
      mutate(`query parameter ${param.name} twice`, fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => (c) => ({ ...c, query: [...c.query.filter(([k]) => k !== param.name), [param.name, a], [param.name, b]] })));
      if (param.required) mutate(`no ${param.name}`, fc.constant((c: Call) => ({ ...c, query: c.query.filter(([k]) => k !== param.name) })));
    } else {
      // header values are printable ASCII, or the request cannot be sent at all
      const badHeader = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 120 }).map((s) => s.trim() || 'x').filter((s) => !satisfies(param.schema, s));
      mutate(`header ${param.name}`, badHeader.map((s) => (c) => ({ ...c, headers: { ...c.headers, [param.name]: s } })));
    }
  }
  return calls;
}

/** A call as a failure shows it: long strings cut, deep nesting summarised (fc.stringify would overflow). */
function preview(value: unknown): string {
  const cut = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return v.length > 120 ? `${v.slice(0, 120)}…(${v.length} characters)` : v;
    if (v === null || typeof v !== 'object') return v;
    if (depth > 6) return '…(nested deeper)';
    if (Array.isArray(v)) return v.slice(0, 10).map((x) => cut(x, depth + 1));
    return Object.fromEntries(Object.entries(v).slice(0, 20).map(([k, x]) => [k, cut(x, depth + 1)]));
  };
  return JSON.stringify(cut(value, 0));
}

const parses = (s: string) => {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
};

const isNumeric = (schema: Schema) => [schema.type, ...(schema.anyOf ?? []).map((s) => s.type)].some((t) => t === 'integer' || t === 'number');

// ---------------------------------------------------------------------------------------
// What every answer must be

const fieldList = z.array(z.object({ path: z.string(), message: z.string() }));
/** The error shapes of the API, by name (the report says which routes use which). */
const ERROR_SHAPES = {
  // the error handler (bad input, malformed JSON, limits) and the routes' refusals
  'error+message': z.looseObject({ success: z.literal(false).optional(), error: z.string().min(1), message: z.string().min(1), fields: fieldList.optional() }),
  // the auth calls and the 401s of requireUser (spec §7)
  'errorCode+errorMessage': z.looseObject({ success: z.literal(false), errorCode: z.string().min(1), errorMessage: z.string().min(1), fields: fieldList.optional() }),
  // the guest order view's 404 (spec §6)
  'errorMessage only': z.strictObject({ success: z.literal(false), errorMessage: z.string().min(1) }),
  // Truecaller's callback (its own protocol)
  'ok+message': z.strictObject({ ok: z.literal(false), message: z.string().min(1) }),
} as const;

type Report = { shapes: Map<string, Set<string>>; statuses: Map<string, Set<number>>; requests: number };

function problemWith(op: Operation, call: Call, res: LightMyRequestResponse, report: Report): string | null {
  report.requests++;
  const statuses = report.statuses.get(op.id) ?? new Set<number>();
  statuses.add(res.statusCode);
  report.statuses.set(op.id, statuses);
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  if (call.kind !== 'valid' && !(res.statusCode >= 400 && res.statusCode < 500)) return `answered invalid input (${call.kind}) with ${res.statusCode}`;
  const type = String(res.headers['content-type'] ?? '');
  let json: unknown;
  if (type.startsWith('application/json')) {
    try {
      json = res.json();
    } catch {
      return 'answered JSON that does not parse';
    }
  } else if (res.statusCode >= 400) {
    return `answered ${res.statusCode} with ${type || 'no content type'}, not JSON`;
  }
  const declared = op.responses[String(res.statusCode)];
  if (declared) {
    if (!satisfies(declared, json)) return `answered ${res.statusCode} against its declared response schema`;
  } else if (res.statusCode >= 400) {
    const shape = Object.entries(ERROR_SHAPES).find(([, s]) => s.safeParse(json).success)?.[0];
    if (!shape) return `answered ${res.statusCode} with an error of no known shape`;
    const ops = report.shapes.get(shape) ?? new Set<string>();
    ops.add(op.id);
    report.shapes.set(shape, ops);
  }
  return null;
}

// ---------------------------------------------------------------------------------------
// The shop the fuzzer runs on: everything turned on, so every route has work to do

const PAYU = { key: 'fuzzKey01', salt: 'fuzz-salt-never-sent', endpoint: 'https://payu.invalid/_payment' };
const everyDay = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ from: '00:00', to: '23:30' }]]));
const shopConfig = () => ({
  ...testShopConfig(),
  timeZone: 'Asia/Kolkata',
  orderConfig: {
    orderEnabled: true,
    pickupEnabled: true,
    deliveryCharge: { amount: 40, disableWhenTotalAbove: 1000 },
    deliverySlots: [
      { id: 'morning', label: 'Morning', from: '08:00', to: '11:00', capacity: 3, cutoffMinutes: 60 },
      { id: 'evening', label: 'Evening', from: '18:00', to: '21:00', capacity: 5, cutoffMinutes: 60 },
    ],
    deliveryDays: 3,
    detailsConfig: { personal: { fullName: true, email: false, phone: false } },
  },
  pricingConfig: { globalTaxPercentage: 5 },
  dineInConfig: { dineInEnabled: true },
  dineSpaces: [{ id: 'table-4', name: 'Table 4' }],
  payment: {
    providers: [
      { id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' },
      { id: 'upi-manual', providerName: 'UPI', buttonText: 'Pay by UPI' },
      { id: 'payu', providerName: 'PayU', buttonText: 'Pay by card' },
    ],
    upi: { vpa: 'test.shop@okbank', payeeName: 'Test Shop' },
    payu: { merchantKey: PAYU.key, mode: 'test' },
  },
  appointments: {
    enabled: true,
    slotMinutes: 30,
    minimumNoticeMinutes: 0,
    horizonDays: 14,
    changeNoticeMinutes: 0,
    openingHours: everyDay,
    services: [
      { id: 'fitting', name: 'Kurta fitting', durationMinutes: 30, price: 150 },
      { id: 'class', name: 'Cooking class', durationMinutes: 60, price: 799, capacity: 3 },
    ],
  },
  callerVerification: { provider: 'truecaller', partnerKey: 'partner-key', partnerName: 'Test Shop' },
});

/** A stable seed per operation, so adding a route does not change the others' runs. */
const seedOf = (op: Operation, kind: string) => {
  let h = SEED;
  for (const ch of `${kind} ${op.id}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
};

const usesPasswords = (op: Operation) => JSON.stringify(op.body?.schema ?? {}).includes('"password"');

// ---------------------------------------------------------------------------------------

describe('the OpenAPI document', () => {
  const t = useTestApp(testDatabases[0]!, { config: shopConfig(), payu: PAYU });

  it('is served at /api/docs as OpenAPI 3.1, made from the route schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json<OpenApiDocument>();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Test Shop API', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect((await t.app.inject({ url: OPENAPI_PATHS[1] })).json()).toEqual(doc);

    // the order call with its request body, from orderRequestSchema
    const create = doc.paths['/fn/order/create']?.post;
    const body = create?.requestBody?.content['application/json']?.schema;
    expect(create?.requestBody?.required).toBe(true);
    expect(body).toMatchObject({ type: 'object', required: ['sfId', 'order'], properties: { sfId: { type: 'string', maxLength: 60 }, order: { type: 'object', required: ['items', 'deliveryMode'] } } });
    expect(body?.properties?.order?.properties?.items).toMatchObject({ type: 'array', minItems: 1, maxItems: 200, items: { required: ['id', 'qty'] } });
    expect(create?.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }));
    // the order and payment calls declare their answers (decision 057): the order placed, each refusal's shape
    const answer = (path: string, status: string) => doc.paths[path]?.post?.responses[status]?.content?.['application/json']?.schema;
    expect(answer('/fn/order/create', '200')).toMatchObject({ required: ['success', 'orderId', 'notificationToken', 'emailSent', 'order'], properties: { order: { required: expect.arrayContaining(['id', 'number', 'status', 'lines', 'totals', 'grandTotal']) } } });
    expect(answer('/fn/order/create', '401')).toMatchObject({ required: ['success', 'errorCode', 'errorMessage'] });
    expect(answer('/fn/order/create', '4XX')).toMatchObject({ required: ['error', 'message'] });
    expect(answer('/fn/order/quote', '200')).toMatchObject({ required: ['success', 'lines', 'totals', 'grandTotal'] });
    expect(answer('/fn/order/paymentConfig', '200')?.oneOf).toHaveLength(3);
    expect(answer('/fn/order/paymentConfig', '404')).toMatchObject({ required: ['success', 'errorMessage'] });
    // a path parameter, a query parameter and a declared response
    expect(doc.paths['/api/guest/order/{orderId}']?.get?.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'orderId', required: true }));
    expect(doc.paths['/api/appointments/slots']?.get?.parameters).toContainEqual(expect.objectContaining({ in: 'query', name: 'serviceId', required: true }));
    expect(doc.paths['/api/newsletter/subscribe']?.post?.responses['200']?.content?.['application/json']?.schema).toMatchObject({ required: ['success', 'confirm', 'message'] });
    // the owner's calls are in it; catch-alls, pages, files and the document itself are not
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/healthz', '/api/catalog', '/api/auth/email/login', '/api/auth/caller/callback', '/fn/payu/return', '/admin/api/orders/{id}/status']));
    for (const path of Object.keys(doc.paths)) {
      expect(path).toMatch(/^\/(api|fn|admin\/api)\/|^\/healthz$/);
      expect(path).not.toMatch(/\*|^\/api\/docs|socket/);
    }

    // a well-formed document: operations with responses, declared path parameters, schemas zod can read
    for (const op of operationsOf(doc)) {
      const declared = op.params.filter((p) => p.in === 'path').map((p) => p.name).sort();
      expect(declared, op.id).toEqual([...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
      for (const p of op.params) expect(['path', 'query', 'header'], op.id).toContain(p.in);
      for (const schema of [...op.params.map((p) => p.schema), ...(op.body ? [op.body.schema] : []), ...Object.values(op.responses)]) expect(() => z.fromJSONSchema(schema as z.core.JSONSchema.JSONSchema), op.id).not.toThrow();
    }
    const unknown = await t.app.inject({ url: '/api/docs-not-here' });
    expect(unknown.json()).toEqual(API_NOT_FOUND);
  });
});

describe.each(testDatabases)('fuzzing every operation of the API on $name', (database) => {
  const secret = randomBytes(32);
  let app: FastifyInstance;
  let db: Db;
  let dispose: () => Promise<void>;
  let ops: Operation[] = [];
  const tokens: Record<Auth, string | undefined> = { guest: undefined, shopper: undefined, owner: undefined, expired: undefined, 'bad token': 'not-a-token', 'order token': undefined };
  const hints: Hints = {};
  /** Hints for one operation's path parameters: the id of something it can find. */
  const pathHints: Record<string, Hints> = {};
  const hintsFor = (op: Operation): Hints => ({ ...hints, ...pathHints[op.path] });
  const report: Report = { shapes: new Map(), statuses: new Map(), requests: 0 };

  beforeAll(async () => {
    ({ db, dispose } = await database.open());
    // codes to the (silent) log as in the demo: without a way to send them the code calls answer 503 by design
    app = await buildTestApp(db, { config: shopConfig(), payu: PAYU, authSecret: secret, codesInLog: true });
    const issuer = createAccessTokens(secret);
    for (const [id, role] of [['fuzz-shopper', 'customer'], ['fuzz-owner', 'owner']] as const) {
      await db.kysely.insertInto('users').values({ id, name: id, email: `${id}@example.com`, phone: null, password_hash: null, role, email_verified: 1, phone_verified: 0, created_at: 0 }).execute();
    }
    tokens.shopper = await issuer.issue({ userId: 'fuzz-shopper', role: 'customer', sessionId: 'test-session' });
    tokens.owner = await issuer.issue({ userId: 'fuzz-owner', role: 'owner', sessionId: 'test-session' });
    tokens.expired = await createAccessTokens(secret, { clock: () => Date.now() - 3_600_000, ttlSeconds: 60 }).issue({ userId: 'fuzz-owner', role: 'owner', sessionId: 'test-session' });
    const as = (auth: Auth) => (tokens[auth] ? { authorization: `Bearer ${tokens[auth]}` } : {});

    // something of each kind for the ids in paths and bodies to find
    const shop = await app.inject({ url: '/api/shop' });
    expect(shop.statusCode, 'the fuzz shop config is valid').toBe(200);
    const placed = await app.inject({ method: 'POST', url: '/fn/order/create', headers: as('shopper'), payload: { sfId: 'test-shop', order: { items: [{ id: 'tee-red-m', qty: 1 }], deliveryMode: 'pickup', personalDetails: { fullName: 'Asha Rao', email: '', phone: { number: '', dialCode: '+91' } }, paymentType: 'upi-manual' } } });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json<{ orderId: string; notificationToken: string }>();
    tokens['order token'] = order.notificationToken;
    const slots = (await app.inject({ url: '/api/appointments/slots?serviceId=fitting&days=3' })).json<{ days: Array<{ slots: Array<{ start: string; remaining: number }> }> }>();
    const starts = slots.days.flatMap((d) => d.slots.filter((s) => s.remaining > 0).map((s) => s.start));
    const booked = await app.inject({ method: 'POST', url: '/fn/appointment/create', headers: as('shopper'), payload: { sfId: 'test-shop', appointment: { serviceId: 'fitting', start: starts[0], phone: '+91 98000 00001' } } });
    expect(booked.statusCode, booked.body).toBe(200);
    const address = await app.inject({ method: 'POST', url: '/api/user/addresses', headers: as('shopper'), payload: { fullName: 'Asha Rao', streetName: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001', country: 'India' } });
    expect(address.statusCode, address.body).toBe(200);
    const device = await app.inject({ method: 'POST', url: '/api/instance/updateFcmToken', headers: as('shopper'), payload: { deviceId: 'fuzz-device-0001', fcmToken: null } });
    expect(device.statusCode, device.body).toBe(200);
    const deliverySlots = (await app.inject({ url: '/api/delivery/slots' })).json<{ slots: Array<{ id: string }> }>().slots.map((s) => s.id);

    const bookingId = booked.json<{ billId: string }>().billId;
    const ids = [order.orderId, bookingId, address.json<{ id: string }>().id, 'fuzz-device-0001', 'tee-red-m', 'mango'];
    const shipping = { fullName: 'Asha Rao', streetName: '12 MG Road', apartment: '', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001', country: 'India', phone: '9800000001' };
    Object.assign(pathHints, {
      '/admin/api/orders/{id}': { id: [order.orderId] },
      '/admin/api/orders/{id}/status': { id: [order.orderId] },
      '/admin/api/orders/{id}/paid': { id: [order.orderId] },
      '/admin/api/appointments/{id}/cancel': { id: [bookingId] },
      '/api/user/appointments/{id}/cancel': { id: [bookingId] },
      '/api/user/appointments/{id}/reschedule': { id: [bookingId] },
      '/api/user/addresses/{id}': { id: [address.json<{ id: string }>().id] },
      '/api/user/devices/{id}': { id: ['fuzz-device-0001'] },
      '/api/user/cart/{id}': { id: ['tee-red-m', 'mango', 'tee-red-l'] },
      '/fn/order/create': {
        '': [
          { sfId: 'test-shop', order: { items: [{ id: 'tee-red-m', qty: 1 }], deliveryMode: 'pickup', personalDetails: { fullName: 'Asha Rao', email: '', phone: { number: '', dialCode: '+91' } }, paymentType: 'pof' } },
          { sfId: 'test-shop', order: { items: [{ id: 'mango', qty: 0.5 }], deliveryMode: 'ship', personalDetails: { fullName: 'Asha Rao', email: '', phone: { number: '', dialCode: '+91' } }, shippingDetails: shipping, shippingSlotId: deliverySlots[0] ?? null, paymentType: 'upi-manual' } },
          { sfId: 'test-shop', order: { items: [{ id: 'tee-red-m', qty: 1 }], deliveryMode: 'dine', personalDetails: { fullName: 'Asha Rao', email: '', phone: { number: '', dialCode: '+91' } }, dineInDetails: { spaceId: 'table-4', value: 'Table 4' }, paymentType: 'payu' } },
        ],
      },
    });
    Object.assign(hints, {
      items: [[{ id: 'tee-red-m', qty: 1 }], [{ id: 'mango', qty: 0.5 }, { id: 'tee-red-m', qty: 2 }], [{ id: 'tee-red-l', qty: 1 }]],
      personalDetails: [{ fullName: 'Asha Rao', email: 'asha@example.com', phone: { number: '9800000001', dialCode: '+91' } }],
      shippingDetails: [shipping],
      dineInDetails: [{ spaceId: 'table-4', value: 'Table 4' }],
      paymentType: ['pof', 'upi-manual', 'payu', null],
      provider: ['pof', 'upi-manual', 'payu'],
      sfId: ['test-shop'],
      sf_id: ['test-shop'],
      storeId: ['test-shop'],
      id: ids,
      orderId: [order.orderId],
      variantId: ['tee-red-m', 'mango', 'tee-red-l', 'no-such-product'],
      serviceId: ['fitting', 'class', 'no-such-service'],
      start: [...starts.slice(0, 8), '2026-11-23T10:30:00+05:30'],
      shippingSlotId: deliverySlots.slice(0, 4),
      qty: [1, 2, 0.5, 3],
      stock: [0, 5, 2.5],
      rating: [1, 5],
      email: ['asha@example.com', 'fuzz-shopper@example.com', ' Mixed.Case@Example.com '],
      newEmail: ['new.address@example.com'],
      phoneNumber: ['+919800000001', '98000 00002', '+14155550100'],
      newPhoneNumber: ['+919800000003'],
      phone: ['+919800000001'],
      password: ['a long enough passphrase 42', 'short'],
      name: ['Asha Rao', 'A'],
      newName: ['Asha R.'],
      fullName: ['Asha Rao'],
      otp: ['123456'],
      code: ['123456'],
      receivedOtp: ['123456'],
      utr: ['123456789012', 'UTR1234567890'],
      reference: ['UPI-REF-0001'],
      deviceId: ['fuzz-device-0001', 'fuzz-device-0002'],
      device_id: ['fuzz-device-0001'],
      event_type: ['page_view', 'add_to_cart'],
      status: ['placed', 'confirmed,preparing', 'cancelled'],
      date: [new Date().toISOString().slice(0, 10)],
      from: [new Date().toISOString().slice(0, 10)],
      q: ['tee', 'cotton red'],
      endpoint: ['https://fcm.googleapis.com/fcm/send/fuzz'],
      txnid: ['fuzztxn0001'],
      deliveryMode: ['pickup', 'ship', 'dine'],
    });

    const doc = (await app.inject({ url: '/api/docs' })).json<OpenApiDocument>();
    ops = operationsOf(doc);
  });

  afterAll(async () => {
    if (process.env.FUZZ_REPORT) {
      const lines = [`${database.name}: ${ops.length} operations, ${report.requests} requests`];
      for (const [shape, where] of report.shapes) lines.push(`  error shape ${shape}: ${[...where].sort().join(', ')}`);
      for (const [op, statuses] of report.statuses) lines.push(`  ${op}: ${[...statuses].sort().join(' ')}`);
      lines.push(`  declared response schemas: ${ops.filter((o) => Object.keys(o.responses).length).map((o) => `${o.id} (${Object.keys(o.responses).join(', ')})`).join('; ')}`);
      console.info(lines.join('\n'));
    }
    await app?.close();
    await dispose?.();
  });

  /** Sends a call; the owner's calls, for anyone else, must answer as a call that does not exist. */
  async function send(op: Operation, call: Call): Promise<string | null> {
    const url = (path: string) => {
      const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => pct(call.path[name] ?? ''));
      return call.query.length ? `${filled}?${call.query.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&')}` : filled;
    };
    const token = tokens[call.auth];
    const headers: Record<string, string> = { ...call.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
    let payload: string | undefined;
    if (call.body && 'json' in call.body) {
      payload = JSON.stringify(call.body.json);
      headers['content-type'] = 'application/json';
    } else if (call.body) {
      payload = call.body.raw;
      if (call.body.contentType) headers['content-type'] = call.body.contentType;
    }
    const request = (path: string) => app.inject({ method: op.method as 'GET', url: url(path), headers, payload, remoteAddress: call.ip });
    const res = await request(op.path);
    const problem = problemWith(op, call, res, report);
    if (problem) return `${problem}: ${res.body.slice(0, 300)}`;
    if (op.owner && call.auth !== 'owner' && call.auth !== 'expired') {
      const twin = await request(op.path.replace('/admin/api/', '/admin/api/no-such-call/'));
      if (res.statusCode !== twin.statusCode || res.body !== twin.body) return `answered ${call.auth} with ${res.statusCode} ${res.body.slice(0, 200)}, not as a call that does not exist (${twin.statusCode} ${twin.body.slice(0, 200)})`;
    }
    if (op.id === 'POST /admin/api/store') await app.inject({ method: 'POST', url: '/admin/api/store', headers: { authorization: `Bearer ${tokens.owner}` }, payload: { open: true } });
    return null;
  }

  /** Runs the property over every operation and reports every failing one (with its seed), not just the first. */
  async function fuzz(kind: 'valid' | 'invalid', callsOf: (op: Operation) => fc.Arbitrary<Call> | null) {
    expect(ops.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let covered = 0;
    for (const op of ops) {
      if (ONLY && !ONLY.test(op.id)) continue;
      const calls = callsOf(op);
      if (!calls) continue;
      covered++;
      const seed = seedOf(op, kind);
      const property = fc.asyncProperty(calls, async (call) => {
        const problem = await send(op, call);
        if (problem) throw new Error(`${op.id} (${call.kind}, as ${call.auth}) ${problem}`);
      });
      const details = await fc.check(property, { numRuns: usesPasswords(op) ? PASSWORD_RUNS : RUNS, seed, endOnFailure: true });
      if (details.failed) failures.push(`${(details.errorInstance as Error | undefined)?.message ?? op.id}\n    replay: FUZZ_SEED=${SEED} (seed ${seed}, path ${details.counterexamplePath}) input ${preview(details.counterexample?.[0])}`);
    }
    expect(failures, `${failures.length} of ${covered} operations failed`).toEqual([]);
    return covered;
  }

  it('answers generated valid input of every operation without a 500, and as its schemas say', { timeout: 240_000 }, async () => {
    const covered = await fuzz('valid', (op) => validCall(op, hintsFor(op)));
    if (!ONLY) expect(covered).toBe(ops.length);
  });

  it('answers generated invalid input of every operation with a 4xx', { timeout: 240_000 }, async () => {
    const covered = await fuzz('invalid', (op) => {
      const calls = invalidCalls(op, hintsFor(op));
      return calls.length ? fc.oneof(...calls) : null;
    });
    // the calls with no input at all (GET /api/catalog, POST /api/auth/logout…) have nothing to get wrong
    if (!ONLY) expect(covered).toBe(ops.filter((op) => op.body || op.params.length).length);
  });
});
