import { createHash } from 'node:crypto';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import fp from 'fastify-plugin';

/**
 * Helmet's headers with a strict CSP: only the shop's own origin for everything, and
 * inline scripts only by their hashes (`allowPageScripts`, decision 028). Inline
 * styles are allowed (decision 011): UI libraries insert style elements at run time.
 * `formTargets` are origins forms may post to besides the shop's own.
 *
 * The headers are the same for every answer, so they are worked out once (decision 052):
 * @fastify/helmet builds Helmet again for each request, parsing the CSP each time, which
 * was a tenth of what an answer from memory (the catalog, a cached page) cost. They are
 * set on the raw response as Helmet sets them, so an answer written by hand (the owner's
 * live feed) carries them too.
 */
export const securityHeaders = fp<{ formTargets?: string[] }>(async (app, { formTargets = [] }) => {
  const headers = Object.entries(await helmetHeaders(helmetOptions(formTargets)));
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
});

function helmetOptions(formTargets: string[]): FastifyHelmetOptions {
  return {
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
  };
}

/** The headers @fastify/helmet sets with `options`, as it sets them on one request of a throwaway instance. */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  let headers: Record<string, string> = {};
  await probe.register(helmet, options);
  // after helmet's own hooks: what is on the raw response now is all Helmet's
  probe.addHook('onRequest', (_req, reply, done) => {
    headers = Object.fromEntries(Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, String(value)]));
    done();
  });
  probe.get('/', async () => '');
  await probe.inject('/');
  await probe.close();
  if (!headers['content-security-policy']) throw new Error('Helmet set no Content-Security-Policy');
  return headers;
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * The CSP `csp` with the page's own inline scripts allowed by their SHA-256 hashes, and
 * `html` with its marks taken out (decision 028, amended by issue 20). The render writes
 * `marker` as the nonce of every script React Router puts in the page (the hydration
 * data, the module imports, the scroll restoration): a fresh random value per render, so
 * a script that reached the page any other way (shopper text let through as markup)
 * cannot carry it, and only marked scripts are hashed. With the marks gone the page's
 * bytes are the same for everyone, so it can be cached, and a hash allows exactly its
 * script. JSON-LD blocks are data, which the CSP does not govern.
 */
export function allowPageScripts(csp: string, html: string, marker: string): { csp: string; html: string } {
  const mark = ` nonce="${marker}"`;
  const hashes = new Set<string>();
  for (const [, attributes, code] of html.matchAll(INLINE_SCRIPT)) {
    if (attributes!.includes(mark)) hashes.add(`'sha256-${createHash('sha256').update(code!).digest('base64')}'`);
  }
  const page = html.replaceAll(mark, '');
  if (hashes.size === 0) return { csp, html: page };
  return {
    csp: csp.replace(/(^|;)script-src ([^;]*)/, (_, start: string, sources: string) => `${start}script-src ${sources} ${[...hashes].join(' ')}`),
    html: page,
  };
}

/** Sources a payment gateway's checkout needs besides the shop's own, by CSP directive. */
export type ExtraSources = Partial<Record<'script-src' | 'frame-src' | 'connect-src', string[]>>;

/** `csp` with `extra` sources allowed: added to a directive it has, or a directive of the shop's own origin and them. */
export function withSources(csp: string, extra: ExtraSources): string {
  let policy = csp;
  for (const [directive, sources] of Object.entries(extra)) {
    if (!sources?.length) continue;
    const present = new RegExp(`(^|;)${directive} ([^;]*)`);
    policy = present.test(policy)
      ? policy.replace(present, (_, start: string, had: string) => `${start}${directive} ${had} ${sources.join(' ')}`)
      : `${policy};${directive} 'self' ${sources.join(' ')}`;
  }
  return policy;
}
