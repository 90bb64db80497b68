import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Helmet's headers with a strict CSP: only the shop's own origin for everything, and
 * inline scripts only by their hashes (`allowInlineScripts`, decision 028). Inline
 * styles are allowed (decision 011): UI libraries insert style elements at run time.
 * `formTargets` are origins forms may post to besides the shop's own.
 */
export const securityHeaders = fp<{ formTargets?: string[] }>(async (app, { formTargets = [] }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * The CSP `csp` with the inline scripts of `html` (the hydration data and module imports
 * React Router writes) allowed by their SHA-256 hashes. A hash, unlike a per-response
 * nonce, lets the same page bytes be served to everyone (decision 028), and allows
 * exactly these scripts: an injected one has another hash. JSON-LD blocks are data, which
 * the CSP does not govern.
 */
export function allowInlineScripts(csp: string, html: string): string {
  const hashes = new Set<string>();
  for (const [, attributes, code] of html.matchAll(INLINE_SCRIPT)) {
    if (attributes!.includes('application/ld+json')) continue;
    hashes.add(`'sha256-${createHash('sha256').update(code!).digest('base64')}'`);
  }
  if (hashes.size === 0) return csp;
  return csp.replace(/(^|;)script-src ([^;]*)/, (_, start: string, sources: string) => `${start}script-src ${sources} ${[...hashes].join(' ')}`);
}
