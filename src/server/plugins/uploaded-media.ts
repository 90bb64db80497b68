import type { FastifyPluginAsync } from 'fastify';
import type { MediaStore } from '../services/media-store.ts';

/** A key names one original forever (media-store.ts), so browsers and proxies may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `GET /media/u/<key>`: an original the owner uploaded, from the media store, so every
 * instance serves what any of them stored (decision 036). It is more specific than the
 * static `/media/*` route, so a `u/` folder under MEDIA_DIR is never served.
 */
export const uploadedMedia: FastifyPluginAsync<{ store: MediaStore }> = async (app, { store }) => {
  app.get<{ Params: { key: string } }>('/media/u/:key', async (req, reply) => {
    const media = await store.get(req.params.key);
    if (!media) return reply.code(404).header('cache-control', 'no-store').send({ error: 'not_found' });
    return reply.header('cache-control', IMMUTABLE).type(media.contentType).send(media.bytes);
  });
};
