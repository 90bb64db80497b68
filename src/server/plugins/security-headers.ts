import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Helmet's headers with a strict CSP: only the shop's own origin, plus a per-response
 * nonce for the inline scripts that server rendering emits (hydration data).
 */
export const securityHeaders = fp(async (app) => {
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // React writes style attributes for layout values (e.g. category colours)
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        // shops run behind TLS terminators and on plain localhost alike; HSTS does the upgrading
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
});
