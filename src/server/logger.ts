import type { FastifyServerOptions } from 'fastify';

/** Structured JSON logs; anything that can carry a secret is redacted before it is written. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.otp', '*.token', '*.authToken'],
      censor: '[redacted]',
    },
    serializers: {
      // query strings are left out: a secret must never be in a URL, and if one is, it is not logged either
      req: (req: { method: string; url: string; id: string }) => ({ id: req.id, method: req.method, path: req.url.split('?')[0] }),
    },
  };
}
