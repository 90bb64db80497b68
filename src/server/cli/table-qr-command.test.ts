import { readFileSync } from 'node:fs';
import path from 'node:path';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../env.ts';
import { capture, useScratchDir } from '../testing/cli.ts';
import { testShopConfig } from '../testing/fixtures.ts';
import { runCli } from './main.ts';

const { dir, writeJson } = useScratchDir();
/** The environment of a shop with its database in the scratch folder. */
const shopEnv = (over: Partial<ReturnType<typeof readEnv>>) => ({ ...readEnv({}), dataDir: path.join(dir, 'data-tables'), ...over });

describe('npm run shop -- table-qr', () => {
  it("writes one code per dine space, each opening the catalog at that table, on the shop's public address, with the table's code printed", async () => {
    const config = {
      ...testShopConfig(),
      dineInConfig: { dineInEnabled: true },
      dineSpaces: [
        { id: 'table-4', name: 'Table 4' },
        { id: 'patio', name: 'Patio <garden>' },
      ],
    };
    const env = shopEnv({ shopConfig: writeJson('shop-tables.json', config), publicUrl: 'https://kirana.example' });
    const file = path.join(dir, 'tables.svg');
    const { lines, out } = capture();
    expect(await runCli(['table-qr', file], out, env)).toBe(0);
    expect(lines).toEqual([`Wrote 2 table codes to ${file}, linking to https://kirana.example/catalog?dineInSpaceId=…`]);
    const sheet = readFileSync(file, 'utf8');
    expect(sheet).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="210mm"/);
    expect(sheet).toContain('>Table 4</text>');
    // a name cannot break the sheet
    expect(sheet).not.toContain('<garden>');
    // each code is the one for its table's link
    for (const id of ['table-4', 'patio']) {
      const code = await QRCode.toString(`https://kirana.example/catalog?dineInSpaceId=${id}`, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      expect(sheet).toContain(/<path stroke="#000000" d="([^"]+)"/.exec(code)![1]);
    }
    // each table's code, four digits beside its name, the same when printed again (as /admin shows them)
    const codes = [...sheet.matchAll(/table code <tspan[^>]*>([0-9]{4})<\/tspan>/g)].map((m) => m[1]);
    expect(codes).toHaveLength(2);
    expect(await runCli(['table-qr', file], capture().out, env)).toBe(0);
    expect([...readFileSync(file, 'utf8').matchAll(/table code <tspan[^>]*>([0-9]{4})<\/tspan>/g)].map((m) => m[1])).toEqual(codes);
  });

  it('needs an address phones can open, and dine spaces', async () => {
    const noUrl = capture();
    expect(
      await runCli(
        ['table-qr', path.join(dir, 'x.svg')],
        noUrl.out,
        shopEnv({ shopConfig: writeJson('shop-t2.json', testShopConfig()), publicUrl: undefined }),
      ),
    ).toBe(1);
    expect(noUrl.lines.join('\n')).toContain('Usage: npm run shop -- table-qr');
    const noTables = capture();
    expect(
      await runCli(
        ['table-qr', path.join(dir, 'x.svg'), 'https://kirana.example'],
        noTables.out,
        shopEnv({ shopConfig: writeJson('shop-t3.json', { ...testShopConfig(), dineSpaces: [] }) }),
      ),
    ).toBe(1);
    expect(noTables.lines.join('\n')).toContain('no dineSpaces');
  });
});
