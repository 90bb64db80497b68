import fc from 'fast-check';
import { invalidArbitrary } from './invalid-input.ts';
import { satisfies, type Operation, type Param, type Schema } from './openapi.ts';
import { validArbitrary, type Hints } from './valid-input.ts';

// Requests

export type Auth = 'guest' | 'shopper' | 'owner' | 'expired' | 'bad token' | 'order token';
type Body = { json: unknown } | { raw: string; contentType?: string | undefined } | undefined;
export type Call = {
  kind: string;
  auth: Auth;
  ip: string;
  path: Record<string, string>;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  body: Body;
};

/** Percent-encodes what is not plain (a lone surrogate becomes U+FFFD first, as in UTF-8). */
export const pct = (s: string) =>
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

export function validCall(op: Operation, hints: Hints): fc.Arbitrary<Call> {
  const of = (where: Param['in']) => op.params.filter((p) => p.in === where);
  const path = fc.record(Object.fromEntries(of('path').map((p) => [p.name, validArbitrary(p.schema, hints, p.name).map(asQueryValue)])));
  const query = fc
    .tuple(
      ...of('query').map((p) =>
        p.required
          ? validArbitrary(p.schema, hints, p.name).map((v) => [[p.name, asQueryValue(v)]])
          : fc.option(
              validArbitrary(p.schema, hints, p.name).map((v) => [[p.name, asQueryValue(v)]]),
              { nil: [] },
            ),
      ),
    )
    .map((lists) => lists.flat() as Array<[string, string]>);
  const headers = fc
    .tuple(
      ...of('header').map((p) =>
        fc.option(
          validArbitrary(p.schema, hints, p.name).map((v) => [p.name, String(v)] as const),
          { nil: undefined },
        ),
      ),
    )
    .map((pairs) => Object.fromEntries(pairs.filter((x) => x !== undefined)));
  // the hint '' is for the whole body
  const body: fc.Arbitrary<Body> = op.body ? validArbitrary(op.body.schema, hints, '').map((json) => ({ json })) : fc.constant(undefined);
  return fc.record({ kind: fc.constant('valid'), auth: authArbitrary(op), ip: fc.ipV4(), path, query, headers, body });
}

const MALFORMED_JSON = [
  '{',
  '{"a":',
  "{'a':1}",
  '[1,2',
  'undefined',
  'NaN',
  '{"a":1}}',
  '\u0000',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"a":1,}',
  '--',
  '1 2',
];
const WRONG_CONTENT_TYPES = [
  'application/xml',
  'text/html',
  'image/png',
  'application/octet-stream',
  'multipart/form-data; boundary=fuzz',
  'application/x-www-form-urlencoded-not',
  'text/csv',
];

/** Every way this operation's input can be made invalid, each as an arbitrary of calls. */
export function invalidCalls(op: Operation, hints: Hints): Array<fc.Arbitrary<Call>> {
  const valid = validCall(op, hints);
  const calls: Array<fc.Arbitrary<Call>> = [];
  const mutate = (kind: string, arb: fc.Arbitrary<(c: Call) => Call>) => calls.push(fc.tuple(valid, arb).map(([c, f]) => ({ ...f(c), kind })));

  if (op.body) {
    const { schema } = op.body;
    const bad = invalidArbitrary(schema, hints);
    if (bad)
      mutate(
        'body against its schema',
        bad.map((json) => (c) => ({ ...c, body: { json } })),
      );
    if (op.body.required)
      mutate(
        'no body',
        fc.constant((c: Call) => ({ ...c, body: undefined })),
      );
    const malformed = fc.oneof(
      fc.constantFrom(...MALFORMED_JSON),
      fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !parses(s)),
    );
    mutate(
      'malformed JSON',
      malformed.map((raw) => (c) => ({ ...c, body: { raw, contentType: 'application/json' } })),
    );
    mutate(
      'empty JSON',
      fc.constant((c: Call) => ({ ...c, body: { raw: '', contentType: 'application/json' } })),
    );
    mutate(
      'wrong content type',
      fc
        .tuple(fc.constantFrom(...WRONG_CONTENT_TYPES), fc.string({ maxLength: 40 }))
        .map(([contentType, raw]) => (c) => ({ ...c, body: { raw, contentType } })),
    );
    mutate(
      'plain text',
      fc
        .string({ maxLength: 40 })
        .filter((s) => !satisfies(schema, s))
        .map((raw) => (c) => ({ ...c, body: { raw, contentType: 'text/plain' } })),
    );
    mutate(
      'body over the limit',
      fc.integer({ min: 70_000, max: 200_000 }).map((n) => (c) => ({ ...c, body: { raw: `{"pad":"${'x'.repeat(n)}"}`, contentType: 'application/json' } })),
    );
    if (!satisfies(schema, []))
      mutate(
        'deeply nested JSON',
        fc.integer({ min: 1_000, max: 30_000 }).map((n) => (c) => ({ ...c, body: { raw: '['.repeat(n) + ']'.repeat(n), contentType: 'application/json' } })),
      );
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
      mutate(
        `path parameter ${param.name}`,
        badText.map((s) => (c) => ({ ...c, path: { ...c.path, [param.name]: s } })),
      );
    } else if (inQuery) {
      mutate(
        `query parameter ${param.name}`,
        badText.map((s) => (c) => ({ ...c, query: [...c.query.filter(([k]) => k !== param.name), [param.name, s]] })),
      );
      mutate(
        `query parameter ${param.name} twice`,
        fc
          .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
          .map(([a, b]) => (c) => ({ ...c, query: [...c.query.filter(([k]) => k !== param.name), [param.name, a], [param.name, b]] })),
      );
      if (param.required)
        mutate(
          `no ${param.name}`,
          fc.constant((c: Call) => ({ ...c, query: c.query.filter(([k]) => k !== param.name) })),
        );
    } else {
      // header values are printable ASCII, or the request cannot be sent at all
      const badHeader = fc
        .string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 120 })
        .map((s) => s.trim() || 'x')
        .filter((s) => !satisfies(param.schema, s));
      mutate(
        `header ${param.name}`,
        badHeader.map((s) => (c) => ({ ...c, headers: { ...c.headers, [param.name]: s } })),
      );
    }
  }
  return calls;
}

/** A call as a failure shows it: long strings cut, deep nesting summarised (fc.stringify would overflow). */
export function preview(value: unknown): string {
  const cut = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return v.length > 120 ? `${v.slice(0, 120)}…(${v.length} characters)` : v;
    if (v === null || typeof v !== 'object') return v;
    if (depth > 6) return '…(nested deeper)';
    if (Array.isArray(v)) return v.slice(0, 10).map((x) => cut(x, depth + 1));
    return Object.fromEntries(
      Object.entries(v)
        .slice(0, 20)
        .map(([k, x]) => [k, cut(x, depth + 1)]),
    );
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
