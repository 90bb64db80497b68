import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { HIDDEN_CHARACTER_MESSAGE, hiddenCharacter } from '../domain/plain-text.ts';

/** A device or session id the browser made (spec §3 Device and session record). */
export const deviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'A device id is 8 to 64 letters, digits, - or _.');

/**
 * The path of the first string in a parsed input that holds what no text may (plain-text.ts:
 * a control character but tab and line breaks, a bidi override, embedding or isolate), or
 * null. No recursion and no copied paths: a passthrough body may nest tens of thousands of levels deep.
 */
function hiddenCharacterPath(value: unknown): Array<string | number> | null {
  type Entry = { value: unknown; key: string | number; parent: Entry | null };
  const stack: Entry[] = [{ value, key: '', parent: null }];
  while (stack.length) {
    const entry = stack.pop()!;
    const v = entry.value;
    if (typeof v === 'string') {
      if (hiddenCharacter(v, 'text') === null) continue;
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
 * The routes' zod validation with one rule for every schema: no text holds a control
 * character (but tab and line breaks) or a bidi control that reorders what is shown. U+0000
 * first: PostgreSQL refuses it in text (SQLite stores it), so it answered 500 on PostgreSQL
 * only (found by the API fuzzer, issue 9); then the others, which make a review or a note read
 * otherwise on the owner's screen than it was written (decision 074; names, addresses and
 * e-mails follow the stricter `line` rule in their own schemas). It fails like any other
 * field, so the error handler answers 400 naming it.
 */
export function withoutHiddenCharacters<S>(compiler: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const schema =
      route.schema instanceof z.ZodType
        ? route.schema.superRefine((value, ctx) => {
            const path = hiddenCharacterPath(value);
            if (path) ctx.addIssue({ code: 'custom', path, message: HIDDEN_CHARACTER_MESSAGE });
          })
        : route.schema;
    return compiler({ ...route, schema: schema as S });
  };
}
