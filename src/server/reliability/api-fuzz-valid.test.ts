import { describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases.ts';
import { validCall } from './api-fuzz/calls.ts';
import { useFuzzedApi } from './api-fuzz/fuzz-app.ts';
import { ONLY } from './api-fuzz/settings.ts';

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
 *
 * The parts, in api-fuzz/: openapi.ts (the document's operations and schemas),
 * valid-input.ts and invalid-input.ts (JSON schema → fast-check arbitraries), calls.ts
 * (whole requests), answers.ts (what every answer must be), fuzz-app.ts (the shop and the
 * app it runs on), settings.ts (the bounds). This file fuzzes with valid input,
 * api-fuzz-invalid.test.ts with invalid input.
 */

describe.each(testDatabases)('fuzzing every operation of the API on $name', (database) => {
  const { fuzz, hintsFor, operations } = useFuzzedApi(database);

  it('answers generated valid input of every operation without a 500, and as its schemas say', { timeout: 240_000 }, async () => {
    const covered = await fuzz('valid', (op) => validCall(op, hintsFor(op)));
    if (!ONLY) expect(covered).toBe(operations().length);
  });
});
