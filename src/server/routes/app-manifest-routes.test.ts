import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases.ts';
import { testShopConfig } from '../testing/fixtures.ts';
import { useTestApp } from '../testing/test-app.ts';

/** The manifest and icons do not touch the database: SQLite is enough. */
const database = testDatabases[0]!;

const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'icons-media-'));
// a 192 px logo: a red square the icons must be made of
writeFileSync(
  path.join(mediaDir, 'logo-192.png'),
  await sharp({ create: { width: 192, height: 192, channels: 3, background: '#d32f2f' } })
    .png()
    .toBuffer(),
);

const pixel = async (png: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at], data[at + 1], data[at + 2]];
};

describe('the installable app: manifest and icons', () => {
  const withLogo = useTestApp(database, {
    mediaDir,
    config: {
      ...testShopConfig(),
      title: 'Kirana & Company Stores',
      description: 'Fresh every day',
      themeConfig: { themeId: 'default', primaryColor: '#00796b' },
      pwa: { icons: { logo192Png: '/media/logo-192.png' } },
    },
  });
  const withoutLogo = useTestApp(database, { mediaDir, config: { ...testShopConfig(), themeConfig: { themeId: 'default', primaryColor: '#00796b' } } });

  it('the manifest comes from the shop config, with 192, 512 and maskable icons', async () => {
    const res = await withLogo.app.inject('/manifest.webmanifest');
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.json()).toMatchObject({
      name: 'Kirana & Company Stores',
      short_name: 'Kirana & Com',
      description: 'Fresh every day',
      start_url: '/',
      display: 'standalone',
      theme_color: '#00796b',
      icons: [
        { src: '/icons/192.png', sizes: '192x192', purpose: 'any' },
        { src: '/icons/512.png', sizes: '512x512', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', purpose: 'maskable' },
      ],
    });
  });

  it('icons are PNGs of their size made from the logo; the maskable one keeps it inside the safe circle', async () => {
    for (const [name, size] of [
      ['192.png', 192],
      ['512.png', 512],
      ['maskable-512.png', 512],
    ] as const) {
      const res = await withLogo.app.inject(`/icons/${name}`);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
    const plain = (await withLogo.app.inject('/icons/512.png')).rawPayload;
    expect(await pixel(plain, 5, 5)).toEqual([211, 47, 47]);
    const maskable = (await withLogo.app.inject('/icons/maskable-512.png')).rawPayload;
    expect(await pixel(maskable, 256, 256)).toEqual([211, 47, 47]);
    expect(await pixel(maskable, 30, 30)).toEqual([255, 255, 255]);
    // cached by ETag
    const first = await withLogo.app.inject('/icons/192.png');
    expect((await withLogo.app.inject({ url: '/icons/192.png', headers: { 'if-none-match': first.headers.etag as string } })).statusCode).toBe(304);
    expect((await withLogo.app.inject('/icons/1024.png')).statusCode).toBe(404);
  });

  it('a shop without a logo gets its initial on the theme colour', async () => {
    const icon = (await withoutLogo.app.inject('/icons/maskable-512.png')).rawPayload;
    expect(await pixel(icon, 10, 10)).toEqual([0, 121, 107]);
    expect((await sharp(icon).metadata()).width).toBe(512);
  });
});
