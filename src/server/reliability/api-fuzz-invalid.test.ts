import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases.ts';
import { invalidCalls } from './api-fuzz/calls.ts';
import { useFuzzedApi } from './api-fuzz/fuzz-app.ts';
import { ONLY } from './api-fuzz/settings.ts';

/** API fuzzing with input the schemas refuse: always a 4xx. The design is in api-fuzz-valid.test.ts. */

describe.each(testDatabases)('fuzzing every operation of the API on $name', (database) => {
  const { fuzz, hintsFor, operations } = useFuzzedApi(database);

  it('answers generated invalid input of every operation with a 4xx', { timeout: 240_000 }, async () => {
    const covered = await fuzz('invalid', (op) => {
      const calls = invalidCalls(op, hintsFor(op));
      return calls.length ? fc.oneof(...calls) : null;
    });
    // the calls with no input at all (GET /api/catalog, POST /api/auth/logout…) have nothing to get wrong
    if (!ONLY) expect(covered).toBe(operations().filter((op) => op.body || op.params.length).length);
  });
});
