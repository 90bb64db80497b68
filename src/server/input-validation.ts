import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

/** A device or session id the browser made (spec §3 Device and session record). */
export const deviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'A device id is 8 to 64 letters, digits, - or _.');

export const NUL_MESSAGE = 'Remove the NUL character (U+0000): text cannot contain it.';

/**
 * The path of the first string holding U+0000 in a parsed input, or null. No recursion and
 * no copied paths: a passthrough body may nest tens of thousands of levels deep.
 */
export function nulPath(value: unknown): Array<string | number> | null {
  type Entry = { value: unknown; key: string | number; parent: Entry | null };
  const stack: Entry[] = [{ value, key: '', parent: null }];
  while (stack.length) {
    const entry = stack.pop()!;
    const v = entry.value;
    if (typeof v === 'string') {
      if (!v.includes('\u0000')) continue;
      const path: Array<string | number> = [];
      for (let e: Entry | null = entry; e?.parent; e = e.parent) path.push(e.key);
      return path.reverse();
    }
    if (Array.isArray(v)) v.forEach((item, i) => stack.push({ value: item, key: i, parent: entry }));
    else if (v !== null && typeof v === 'object') for (const [key, item] of Object.entries(v)) stack.push({ value: item, key, parent: entry });
  }
  return null;
}

/**
 * The routes' zod validation with one rule for every schema: no text holds U+0000.
 * PostgreSQL refuses it in text (SQLite stores it), so without this rule a NUL in an id,
 * a review or an address answered 500 on PostgreSQL only (found by the API fuzzer, issue 9).
 * It fails like any other field, so the error handler answers 400 naming it.
 */
export function withoutNul<S>(compiler: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const schema =
      route.schema instanceof z.ZodType
        ? route.schema.superRefine((value, ctx) => {
            const path = nulPath(value);
            if (path) ctx.addIssue({ code: 'custom', path, message: NUL_MESSAGE });
          })
        : route.schema;
    return compiler({ ...route, schema: schema as S });
  };
}
