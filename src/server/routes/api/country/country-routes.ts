import type { FastifyPluginAsync } from 'fastify';
import { COUNTRY_LOOKUP_FAILED, DEFAULT_COUNTRY } from '../../../../domain/phone.ts';
import type { CountryLookup } from '../../../services/country-lookup.ts';

/**
 * GET /api/country → {countryCode}: the caller's country when a lookup service is
 * configured, else the default (IN). A failed lookup answers 502 with §8's text; the
 * browser keeps the default and asks again on a later visit.
 */
export const countryRoutes: FastifyPluginAsync<{ lookup: CountryLookup | undefined }> = async (app, { lookup }) => {
  app.get('/country', async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    if (!lookup) return { countryCode: DEFAULT_COUNTRY };
    try {
      return { countryCode: await lookup(req.ip) };
    } catch (err) {
      req.log.warn({ err: (err as Error).message }, 'country lookup failed');
      return reply.code(502).send({ error: 'country_lookup_failed', message: COUNTRY_LOOKUP_FAILED });
    }
  });
};
