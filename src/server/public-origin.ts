import type { FastifyRequest } from 'fastify';

/** The shop's origin: PUBLIC_URL when the owner set it, else what the request says (host header). */
export function publicOrigin(req: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  return `${req.protocol}://${req.host}`;
}
