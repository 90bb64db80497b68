import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

type WithNonce = ServerResponse & { scriptNonce?: string };

/** The nonce this response allows inline scripts with (empty before helmet ran). */
export const scriptNonce = (reply: FastifyReply) => (reply.raw as WithNonce).scriptNonce ?? '';

/**
 * Helmet's headers with a strict CSP: only the shop's own origin for everything, and
 * inline scripts only with this response's nonce (the hydration data SSR emits). Inline
 * styles are allowed (decision 011): UI libraries insert style elements at run time.
 * `formTargets` are origins forms may post to besides the shop's own.
 */
export const securityHeaders = fp<{ formTargets?: string[] }>(async (app, { formTargets = [] }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) => {
            const nonce = randomBytes(16).toString('base64url');
            (res as WithNonce).scriptNonce = nonce;
            return `'nonce-${nonce}'`;
          },
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // the payment provider's checkout page is the one place a form may post to (PayU)
        formAction: ["'self'", ...formTargets],
        frameAncestors: ["'self'"],
        // shops run behind TLS terminators and on plain localhost alike; HSTS does the upgrading
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
});
