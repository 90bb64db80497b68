import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { ShopConfig } from '../../domain/shop-config.ts';
import type { RunningShop } from '../running-shop.ts';
import { NOT_CONFIGURED } from '../shop-config-holder.ts';
import { loadSharp } from '../services/sharp.ts';

/**
 * The installable app (issue 7): the web manifest from the shop config, and its icons
 * made from `pwa.icons.logo192Png` (or the logo) with sharp: 192 and 512 px, and a
 * maskable 512 px one with the logo inside the safe circle on the theme colour. A shop
 * without a usable image gets its initial on the theme colour. Made once per config version.
 */

const ICONS = {
  '192.png': { size: 192, maskable: false },
  '512.png': { size: 512, maskable: false },
  'maskable-512.png': { size: 512, maskable: true },
} as const;
type IconName = keyof typeof ICONS;

/** The shop's image file, when the config names one under /media/ that exists. */
function sourceImage(shop: ShopConfig, mediaDir: string | undefined): string | null {
  for (const candidate of [shop.pwa.icons.logo192Png, shop.logo]) {
    if (!mediaDir || !candidate.startsWith('/media/')) continue;
    const file = path.resolve(mediaDir, candidate.slice('/media/'.length));
    if (file.startsWith(path.resolve(mediaDir) + path.sep) && existsSync(file)) return file;
  }
  return null;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function makeIcon(shop: ShopConfig, source: string | null, { size, maskable }: { size: number; maskable: boolean }): Promise<Buffer> {
  const colour = shop.themeConfig.primaryColor;
  // a maskable icon keeps what matters within the middle 80 % circle: the logo takes 60 %
  const inner = maskable ? Math.round(size * 0.6) : size;
  const sharp = await loadSharp();
  const logo = source
    ? await sharp(source)
        .resize(inner, inner, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: maskable ? 0 : 1 } })
        .png()
        .toBuffer()
    : Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${inner}" height="${inner}"><rect width="100%" height="100%" fill="${maskable ? 'none' : colour}"/><text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${Math.round(inner * 0.55)}" fill="#ffffff">${escapeXml([...shop.title.trim()][0]?.toUpperCase() ?? 'S')}</text></svg>`,
      );
  if (!maskable) return sharp(logo).resize(size, size).png().toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: source ? '#ffffff' : colour } })
    .composite([{ input: logo, gravity: 'center' }])
    .png()
    .toBuffer();
}

export const appManifestRoutes: FastifyPluginAsync<{ running: RunningShop; mediaDir?: string | undefined }> = async (app, { running, mediaDir }) => {
  const icons = new Map<IconName, Promise<{ body: Buffer; etag: string }>>();
  let iconsOf = 0;

  app.get('/manifest.webmanifest', async (_req, reply) => {
    const shop = running.current();
    if (!shop) return reply.code(503).send(NOT_CONFIGURED);
    const manifest = {
      id: '/',
      name: shop.title,
      short_name: [...shop.title].length > 12 ? [...shop.title].slice(0, 12).join('').trim() : shop.title,
      description: shop.description,
      lang: shop.localeConfig.defaultLocale,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#f8fafc',
      theme_color: shop.themeConfig.primaryColor,
      icons: [
        { src: '/icons/192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    };
    return reply.type('application/manifest+json').header('cache-control', 'public, max-age=3600').send(JSON.stringify(manifest));
  });

  app.get<{ Params: { name: string } }>('/icons/:name', async (req, reply) => {
    const name = req.params.name as IconName;
    if (!(name in ICONS)) return reply.code(404).send({ error: 'not_found', message: 'There is no such icon.' });
    const shop = running.current();
    if (!shop) return reply.code(503).send(NOT_CONFIGURED);
    // a reloaded config may bring another logo, colour or title
    if (iconsOf !== running.version()) {
      icons.clear();
      iconsOf = running.version();
    }
    let made = icons.get(name);
    if (!made) {
      made = makeIcon(shop, sourceImage(shop, mediaDir), ICONS[name]).then((body) => ({
        body,
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`,
      }));
      icons.set(name, made);
    }
    const { body, etag } = await made;
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/png').header('etag', etag).header('cache-control', 'public, max-age=86400').send(body);
  });
};
