import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The shop's origin for a page: PUBLIC_URL when the owner set it, else what the request
 * says (host header). A page goes back only to whoever asked, and the page cache keys
 * it by this origin, so a made-up host fools only the one who made it up.
 */
export function publicOrigin(req: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  return `${req.protocol}://${req.host}`;
}

/**
 * The origin for the links in an e-mail: PUBLIC_URL, else null when a mail server is
 * set. The Host header is whatever the client wrote, so a link built from it could send
 * a victim's confirmation code to an attacker's site; the caller then sends no e-mail
 * and logs `NO_PUBLIC_URL`. Without a mail server nothing leaves the machine, but the demo
 * writes its messages to the log (DEMO_CODES_IN_LOG), which others read: their links point
 * at the address the shop listens on, never at the Host header.
 */
export function mailOrigin(req: FastifyRequest, publicUrl: string | undefined, mailer: object | undefined): string | null {
  if (publicUrl) return publicOrigin(req, publicUrl);
  return mailer ? null : listenOrigin(req.server);
}

/**
 * Where the server listens, as a browser on the machine reaches it: http://localhost:3000 for
 * every interface (HOST 0.0.0.0 or ::), else the address itself.
 */
export function listenOrigin(app: FastifyInstance): string {
  const [first] = app.addresses();
  // not listening yet (tests inject), or on a Unix socket: no address a browser could use
  if (!first || typeof first === 'string') return 'http://localhost';
  const host = first.address === '0.0.0.0' || first.address === '::' ? 'localhost' : first.family === 'IPv6' ? `[${first.address}]` : first.address;
  return `http://${host}:${first.port}`;
}

/** The log line for an e-mail not sent because it would need a link and PUBLIC_URL is not set. */
export const NO_PUBLIC_URL = 'e-mail not sent: its links need PUBLIC_URL, which is not set';
