import { z } from 'zod';
import type { FieldProblem } from '../../domain/product-edit.ts';

/**
 * The body of every refusal a route answers (decision 057): `success: false`, a stable
 * `error` code the browser may branch on, the `message` it shows, and what else the call
 * says about it (`fields` for bad input, `lines`, `ids`, `opensAt`…), in that key order.
 *
 * Not in this shape, on purpose: the auth calls and the session's 401s
 * (`{success, errorCode, errorMessage}`, spec §7 and §8), the guest order view's 404
 * (`{success, errorMessage}`, §7) and the framework's own answers in app.ts and
 * routes/not-found.ts (`{error, message}`: bad input a schema caught, a call that does not
 * exist, a failure on our side).
 */
export function errorBody<E extends string, X extends object = object>(
  error: E,
  message: string,
  extra?: X,
): { success: false; error: E; message: string } & X {
  return { success: false, error, message, ...(extra as X) };
}

/** Bad input a route found itself: 400 `bad_request` naming each field (the words a schema's 400 has too). */
export const fieldsBody = (fields: FieldProblem[], message = 'Some fields are not correct.') => errorBody('bad_request', message, { fields });

/**
 * The response schema of an error answer (for the OpenAPI document and the serializer): a
 * route's refusal, or the framework's own answer without `success` (bad input a schema
 * caught, too many requests, a body too large). Other keys the call adds pass through.
 */
export const errorSchema = z.looseObject({ success: z.literal(false).optional(), error: z.string(), message: z.string() });

const STORE_NOT_SPECIFIED = 'Store not specified';
/** §8 'Store not specified': a call naming another shop than this one (its `sfId` or `sf_id`). */
export const wrongStore = (path: 'sfId' | 'sf_id') => fieldsBody([{ path, message: STORE_NOT_SPECIFIED }], STORE_NOT_SPECIFIED);

/** What an error answer holds, as the schema reads it. */
export type ErrorBody = z.input<typeof errorSchema>;
