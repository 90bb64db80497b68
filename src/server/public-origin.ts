import type { FastifyRequest } from 'fastify';

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
 * and logs `NO_PUBLIC_URL`. Without a mail server nothing leaves the machine (the demo writes its
 * messages to the log), so there the request's origin is harmless and keeps links usable.
 */
export function mailOrigin(req: FastifyRequest, publicUrl: string | undefined, mailer: object | undefined): string | null {
  if (publicUrl || !mailer) return publicOrigin(req, publicUrl);
  return null;
}

/** The log line for an e-mail not sent because it would need a link and PUBLIC_URL is not set. */
export const NO_PUBLIC_URL = 'e-mail not sent: its links need PUBLIC_URL, which is not set';
