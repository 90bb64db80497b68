import QRCode from 'qrcode';
import type { ShopConfig } from '../../domain/shop-config.ts';
import { escapeHtml } from './order-email.ts';

/** The link a table's code opens: the catalog, with the table chosen for checkout. */
const tableLink = (origin: string, spaceId: string) => `${origin.replace(/\/+$/, '')}/catalog?${new URLSearchParams({ dineInSpaceId: spaceId }).toString()}`;

const MM = { width: 210, cellWidth: 105, cellHeight: 99, code: 62 };

/**
 * A printable sheet (SVG, A4 wide, two cards a row) with one QR code per dine space
 * (issue 8): the shop's name, the space's name and 'Scan to order', the code linking to
 * the catalog with `dineInSpaceId`, and the table's own code for the order (issue 41) when
 * the shop asks for one — printed, never in the link. Null when the shop has no dine spaces.
 */
export async function tableQrSheet(
  shop: Pick<ShopConfig, 'title' | 'dineSpaces'>,
  origin: string,
  codes: ReadonlyMap<string, string> = new Map(),
): Promise<string | null> {
  if (shop.dineSpaces.length === 0) return null;
  const rows = Math.ceil(shop.dineSpaces.length / 2);
  const height = rows * MM.cellHeight;
  const cards = await Promise.all(
    shop.dineSpaces.map(async (space, i) => {
      const x = (i % 2) * MM.cellWidth;
      const y = Math.floor(i / 2) * MM.cellHeight;
      const code = await QRCode.toString(tableLink(origin, space.id), { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      const placed = code.replace('<svg ', `<svg x="${x + (MM.cellWidth - MM.code) / 2}" y="${y + 16}" width="${MM.code}" height="${MM.code}" `);
      const middle = x + MM.cellWidth / 2;
      return [
        `<rect x="${x + 4}" y="${y + 4}" width="${MM.cellWidth - 8}" height="${MM.cellHeight - 8}" rx="4" fill="none" stroke="#94a3b8" stroke-width="0.4" stroke-dasharray="2 2"/>`,
        `<text x="${middle}" y="${y + 12}" font-size="5" text-anchor="middle" font-weight="600">${escapeHtml(shop.title)}</text>`,
        placed,
        `<text x="${middle}" y="${y + 85}" font-size="7" text-anchor="middle" font-weight="700">${escapeHtml(space.name)}</text>`,
        `<text x="${middle}" y="${y + 92}" font-size="4" text-anchor="middle">${codes.has(space.id) ? `Scan to order · table code <tspan font-weight="700" font-size="5">${codes.get(space.id)!}</tspan>` : 'Scan to order'}</text>`,
      ].join('\n');
    }),
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${MM.width}mm" height="${height}mm" viewBox="0 0 ${MM.width} ${height}" font-family="system-ui, sans-serif">`,
    '<rect width="100%" height="100%" fill="#ffffff"/>',
    ...cards,
    '</svg>',
    '',
  ].join('\n');
}
