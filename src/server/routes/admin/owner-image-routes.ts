import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES, resizedUrl } from '../../../domain/images.ts';
import type { ImageProblem, ProductImageRepository } from '../../db/repositories/product-image-repository.ts';
import type { CatalogCache } from '../../services/catalog-cache.ts';
import type { MediaStore } from '../../services/media-store.ts';
import { imageTypeOf, prepareUpload } from '../../services/uploaded-images.ts';
import { errorBody } from '../../plugins/error-body.ts';

type Options = { images: ProductImageRepository; store: MediaStore; catalog: CatalogCache };

const TOO_LARGE = errorBody('too_large', `The photo is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB: send a smaller one.`);
const NOT_AN_IMAGE = errorBody('not_an_image', 'This file is not a JPEG, PNG or WebP photo.');
const UNREADABLE = errorBody('unreadable_image', 'This photo could not be read: it may be damaged, or larger than 100 megapixels.');

const params = z.object({ variantId: z.string().min(1).max(120) });
const imageParams = params.extend({ imageId: z.string().min(1).max(120) });

type Refusal = { code: number; body: { success: false; error: string; message: string } };
const refuse = (reply: FastifyReply, { code, body }: Refusal) => reply.code(code).send(body);
type Stored = { key: string; url: string; thumbnail: string; bytes: number; stored: number };

/**
 * An upload's checks, the same for every picture the owner sends: its first bytes (415
 * for anything but JPEG, PNG or WebP), then the caller's own check (`before`: the product
 * exists and has room), then a re-encode without metadata (400 when it cannot be read);
 * only then is it stored. A refusal stores nothing.
 */
async function storeUpload(body: unknown, store: MediaStore, before?: () => Promise<Refusal | null>): Promise<Stored | Refusal> {
  if (!Buffer.isBuffer(body) || !imageTypeOf(body)) return { code: 415, body: NOT_AN_IMAGE };
  const refusal = await before?.();
  if (refusal) return refusal;
  const prepared = await prepareUpload(body);
  if (!prepared) return { code: 400, body: UNREADABLE };
  const key = await store.put(prepared.bytes, prepared.contentType, prepared);
  const url = `/media/u/${key}`;
  return { key, url, thumbnail: resizedUrl(url, 120), bytes: body.length, stored: prepared.bytes.length };
}

/**
 * The owner's uploaded pictures (issue 21, decision 036), under /admin/api: a variant's
 * photos, and pictures for the shop front (a category's image, a banner's). An upload is
 * the picture itself as the request body (`content-type: image/…`, 10 MB at most); the
 * server trusts neither its name nor its content type: it reads the first bytes, re-encodes
 * the picture without its metadata and stores it in the media store. A product photo is
 * appended to the variant's photos; a shop-front picture is only stored, and its address
 * answered for the category or banner form to save. Remove and reorder change a variant's
 * list only.
 */
export const ownerImageRoutes: FastifyPluginAsync<Options> = async (app, { images, store, catalog }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const refused = (problem: ImageProblem): Refusal => ({ code: problem.error === 'not_found' ? 404 : 400, body: errorBody(problem.error, problem.message) });

  // the uploads in a scope of their own: only they read raw image bytes (the other calls answer other bodies as every call does)
  await app.register(async (upload) => {
    // the photo as raw bytes; whatever image/* type the browser names, its bytes decide
    for (const type of [/^image\//, 'application/octet-stream'])
      upload.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_req, body, done) => done(null, body));
    upload.setErrorHandler((error: FastifyError, _req, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(TOO_LARGE);
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_TYPE') return reply.code(415).send(NOT_AN_IMAGE);
      throw error; // the app's own handler words everything else
    });
    // the owner's check runs before the body is read (owner-api.ts): nobody else gets to send 10 MB
    const routes = upload.withTypeProvider<ZodTypeProvider>();
    const options = { bodyLimit: MAX_UPLOAD_BYTES };

    routes.post('/products/:variantId/images', { ...options, schema: { params } }, async (req, reply) => {
      // the product first, so a photo for nothing is never stored
      const uploaded = await storeUpload(req.body, store, async () => {
        const room = await images.room(req.params.variantId);
        return room === true ? null : refused(room);
      });
      if ('code' in uploaded) return refuse(reply, uploaded);
      const { key, url, thumbnail } = uploaded;
      const result = await images.add(req.params.variantId, { id: key.split('.')[0]!, url, thumbnail }, req.userId!);
      if (!result.ok) return refuse(reply, refused(result));
      catalog.invalidate();
      req.log.info({ variantId: req.params.variantId, key, bytes: uploaded.bytes, stored: uploaded.stored }, 'product photo uploaded by the owner');
      return { success: true, image: result.images.find((i) => i.id === result.result), images: result.images };
    });

    // a picture for a category or a banner: nothing names it until that form is saved with its url
    routes.post('/media', options, async (req, reply) => {
      const uploaded = await storeUpload(req.body, store);
      if ('code' in uploaded) return refuse(reply, uploaded);
      req.log.info({ key: uploaded.key, bytes: uploaded.bytes, stored: uploaded.stored }, 'shop-front picture uploaded by the owner');
      return { success: true, url: uploaded.url, thumbnail: uploaded.thumbnail };
    });
  });

  for (const [method, url] of [
    ['DELETE', '/products/:variantId/images/:imageId'],
    ['POST', '/products/:variantId/images/:imageId/remove'],
  ] as const) {
    typed.route({
      method,
      url,
      schema: { params: imageParams },
      handler: async (req, reply) => {
        const result = await images.remove(req.params.variantId, req.params.imageId, req.userId!);
        if (!result.ok) return refuse(reply, refused(result));
        catalog.invalidate();
        return { success: true, images: result.images };
      },
    });
  }

  typed.post(
    '/products/:variantId/images/order',
    { schema: { params, body: z.object({ ids: z.array(z.string().min(1).max(120)).max(100) }).strict() } },
    async (req, reply) => {
      const result = await images.order(req.params.variantId, req.body.ids, req.userId!);
      if (!result.ok) return refuse(reply, refused(result));
      catalog.invalidate();
      return { success: true, images: result.images };
    },
  );
};
