import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import type { Call } from './calls.ts';
import { satisfies, type Operation } from './openapi.ts';

// What every answer must be

const fieldList = z.array(z.object({ path: z.string(), message: z.string() }));
/** The error shapes of the API, by name (the report says which routes use which). */
const ERROR_SHAPES = {
  // the error handler (bad input, malformed JSON, limits) and the routes' refusals
  'error+message': z.looseObject({ success: z.literal(false).optional(), error: z.string().min(1), message: z.string().min(1), fields: fieldList.optional() }),
  // the auth calls and the 401s of requireUser (spec §7)
  'errorCode+errorMessage': z.looseObject({
    success: z.literal(false),
    errorCode: z.string().min(1),
    errorMessage: z.string().min(1),
    fields: fieldList.optional(),
  }),
  // the guest order view's 404 (spec §6)
  'errorMessage only': z.strictObject({ success: z.literal(false), errorMessage: z.string().min(1) }),
  // Truecaller's callback (its own protocol)
  'ok+message': z.strictObject({ ok: z.literal(false), message: z.string().min(1) }),
} as const;

export type Report = { shapes: Map<string, Set<string>>; statuses: Map<string, Set<number>>; requests: number };

export function problemWith(op: Operation, call: Call, res: LightMyRequestResponse, report: Report): string | null {
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
