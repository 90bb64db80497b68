import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { CatalogCache } from '../services/catalog-cache.ts';
import { publicOrigin } from '../public-origin.ts';

const STATIC_PATHS = ['/', '/home', '/catalog', '/faqs', '/t-and-c', '/privacy'];
const PRIVATE_PATHS = ['/checkout', '/checkout2', '/account', '/account-new', '/guest/', '/appointment/success', '/admin', '/api/', '/fn/'];

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** robots.txt and sitemap.xml, made from the catalog so every product page is found. */
export const seoRoutes: FastifyPluginAsync<{ catalog: CatalogCache; publicUrl?: string | undefined }> = async (app, { catalog, publicUrl }) => {
  const origin = (req: FastifyRequest) => publicOrigin(req, publicUrl);

  app.get('/robots.txt', async (req, reply) => {
    const lines = ['User-agent: *', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin(req)}/sitemap.xml`, ''];
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (req, reply) => {
    const { data } = await catalog.get();
    const base = origin(req);
    const paths = [...STATIC_PATHS, ...data.products.map((p) => `/p/${encodeURIComponent(p.variantId)}`)];
    const urls = paths.map((p) => `  <url><loc>${escapeXml(base + p)}</loc></url>`).join('\n');
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });
};
