import type { FastifyError, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resizedUrl } from '../../../domain/images.ts';
import type { ImageProblem, ProductImageRepository } from '../../db/repositories/product-image-repository.ts';
import type { UserRepository } from '../../db/repositories/user-repository.ts';
import type { AccessTokens } from '../../services/access-tokens.ts';
import type { CatalogCache } from '../../services/catalog-cache.ts';
import type { MediaStore } from '../../services/media-store.ts';
import { imageTypeOf, MAX_UPLOAD_BYTES, prepareUpload } from '../../services/uploaded-images.ts';
import { requireOwner } from './owner-order-routes.ts';

type Options = { accessTokens: AccessTokens; users: UserRepository; images: ProductImageRepository; store: MediaStore; catalog: CatalogCache };

const TOO_LARGE = { success: false, error: 'too_large', message: `The photo is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB: send a smaller one.` } as const;
const NOT_AN_IMAGE = { success: false, error: 'not_an_image', message: 'This file is not a JPEG, PNG or WebP photo.' } as const;
const UNREADABLE = { success: false, error: 'unreadable_image', message: 'This photo could not be read: it may be damaged, or larger than 100 megapixels.' } as const;

const params = z.object({ variantId: z.string().min(1).max(120) });
const imageParams = params.extend({ imageId: z.string().min(1).max(120) });

/**
 * The owner's product photos (issue 21, decision 036), under /admin/api. An upload is the
 * photo itself as the request body (`content-type: image/…`, 10 MB at most); the server
 * trusts neither its name nor its content type: it reads the first bytes, re-encodes the
 * picture without its metadata, stores it in the media store and appends it to the
 * variant's photos. Remove and reorder change the list only.
 */
export const ownerImageRoutes: FastifyPluginAsync<Options> = async (app, { accessTokens, users, images, store, catalog }) => {
  // as every owner call: anyone else is answered as if the call did not exist
  const ownerOnly = requireOwner(accessTokens, users);
  app.addHook('preValidation', ownerOnly);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const refused = (problem: ImageProblem) => ({ success: false, error: problem.error, message: problem.message });
  const codeOf = (problem: ImageProblem) => (problem.error === 'not_found' ? 404 : 400);

  // the upload in a scope of its own: only it reads raw image bytes (the other calls answer other bodies as every call does)
  await app.register(async (upload) => {
    // the photo as raw bytes; whatever image/* type the browser names, its bytes decide
    for (const type of [/^image\//, 'application/octet-stream']) upload.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_req, body, done) => done(null, body));
    upload.setErrorHandler((error: FastifyError, _req, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(TOO_LARGE);
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_TYPE') return reply.code(415).send(NOT_AN_IMAGE);
      throw error; // the app's own handler words everything else
    });
    // checked before the body is read too: nobody but the owner gets to send 10 MB
    upload.withTypeProvider<ZodTypeProvider>().post('/products/:variantId/images', { bodyLimit: MAX_UPLOAD_BYTES, onRequest: ownerOnly, schema: { params } }, async (req, reply) => {
      const body = req.body;
      if (!Buffer.isBuffer(body) || !imageTypeOf(body)) return reply.code(415).send(NOT_AN_IMAGE);
      // the product first, so a photo for nothing is never stored
      const room = await images.room(req.params.variantId);
      if (room !== true) return reply.code(codeOf(room)).send(refused(room));
      const prepared = await prepareUpload(body);
      if (!prepared) return reply.code(400).send(UNREADABLE);
      const key = await store.put(prepared.bytes, prepared.contentType, prepared);
      const url = `/media/u/${key}`;
      const result = await images.add(req.params.variantId, { id: key.split('.')[0]!, url, thumbnail: resizedUrl(url, 120) }, req.userId!);
      if (!result.ok) return reply.code(codeOf(result)).send(refused(result));
      catalog.invalidate();
      req.log.info({ variantId: req.params.variantId, key, bytes: body.length, stored: prepared.bytes.length }, 'product photo uploaded by the owner');
      return { success: true, image: result.images.find((i) => i.id === result.result), images: result.images };
    });
  });

  for (const [method, url] of [['DELETE', '/products/:variantId/images/:imageId'], ['POST', '/products/:variantId/images/:imageId/remove']] as const) {
    typed.route({
      method,
      url,
      schema: { params: imageParams },
      handler: async (req, reply) => {
        const result = await images.remove(req.params.variantId, req.params.imageId, req.userId!);
        if (!result.ok) return reply.code(codeOf(result)).send(refused(result));
        catalog.invalidate();
        return { success: true, images: result.images };
      },
    });
  }

  typed.post('/products/:variantId/images/order', { schema: { params, body: z.object({ ids: z.array(z.string().min(1).max(120)).max(100) }).strict() } }, async (req, reply) => {
    const result = await images.order(req.params.variantId, req.body.ids, req.userId!);
    if (!result.ok) return reply.code(codeOf(result)).send(refused(result));
    catalog.invalidate();
    return { success: true, images: result.images };
  });
};
