import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * For a scope whose callers sign the exact bytes they send (Razorpay's and WhatsApp's webhooks, a
 * bank alert's HMAC): every body is kept as it came, as a Buffer of at most `bodyLimit` bytes,
 * whatever its content type; the routes read it with `rawBody` and parse it themselves.
 */
export function keepRawBodies(scope: FastifyInstance, bodyLimit: number): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_req, body, done) => done(null, body));
}

/** The body's bytes as they came (none: empty). */
export const rawBody = (req: FastifyRequest): Buffer => (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));

/** The bytes as JSON, or null when they are not. */
export function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
}
