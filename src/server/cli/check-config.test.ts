import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../env.ts';
import { startServer } from '../start.ts';
import { brokenConfigs, testShopConfig } from '../testing/fixtures.ts';
import { shopConfigJsonSchema } from './config-schema.ts';
import { runCli } from './main.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-check-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const mediaDir = path.join(dir, 'media');
mkdirSync(mediaDir);
writeFileSync(path.join(mediaDir, 'logo.webp'), 'a picture');
const env = { ...readEnv({}), mediaDir };

function writeJson(name: string, value: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return file;
}

/** What check-config prints for `config` (the test shop's, changed by `change`), and its exit code. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test writes into the file what an owner might, right or wrong
type AnyConfig = Record<string, any>;
async function check(change: (config: AnyConfig) => void) {
  const config = testShopConfig() as AnyConfig;
  change(config);
  return checkFile(writeJson('shop.json', config));
}

async function checkFile(file: string) {
  const lines: string[] = [];
  const out = { log: (m: string) => lines.push(m), error: (m: string) => lines.push(m) };
  const code = await runCli(['check-config', file], out, env);
  return { code, text: lines.join('\n') };
}

describe('npm run shop -- check-config', () => {
  it('says a valid config is valid and exits 0', async () => {
    const { code, text } = await check(() => {});
    expect(code).toBe(0);
    expect(text).toContain('valid');
  });

  it.each(brokenConfigs)('with %s: prints the exact message and exits 1; the server logs it too', async (_n, breakIt, message) => {
    const config = testShopConfig() as Record<string, unknown>;
    breakIt(config);
    const file = writeJson('broken.json', config);
    const { code, text } = await checkFile(file);
    expect(code).toBe(1);
    expect(text).toContain(message);

    const log = new PassThrough();
    let logged = '';
    log.on('data', (d: Buffer) => (logged += d.toString()));
    const serverEnv = {
      ...readEnv({}),
      shopConfig: file,
      dataDir: path.join(dir, 'data-broken'),
      seedCatalog: undefined,
      buildDir: path.join(dir, 'no-build'),
    };
    const { app, db } = await startServer(serverEnv, log);
    await app.close();
    await db.close();
    expect(logged).toContain(message);
  });

  describe('a setting it does not know is a mistake, not a setting left out', () => {
    it('a misspelt switch names the one meant', async () => {
      const { code, text } = await check((c) => {
        c.orderConfig.pickupEnabeld = true;
      });
      expect(code).toBe(1);
      expect(text).toContain('orderConfig.pickupEnabeld: Unknown setting "pickupEnabeld": did you mean "pickupEnabled"?');
    });

    it('a wrongly capitalised group names the one meant', async () => {
      const { text } = await check((c) => {
        c.dineinConfig = { dineInEnabled: true };
      });
      expect(text).toContain('dineinConfig: Unknown setting "dineinConfig": did you mean "dineInConfig"?');
    });

    it('a setting like none lists the settings that exist there', async () => {
      const { code, text } = await check((c) => {
        c.themeConfig.font = 'serif';
      });
      expect(code).toBe(1);
      expect(text).toContain('themeConfig.font: Unknown setting "font"');
      expect(text).toContain('Settings here: themeId, primaryColor');
    });

    it('a misspelt setting inside a list item is found too', async () => {
      const { text } = await check((c) => {
        c.orderConfig.deliverySlots = [{ id: 'morning', label: 'Morning', from: '08:00', to: '11:00', capcity: 5 }];
      });
      expect(text).toContain('orderConfig.deliverySlots.0.capcity: Unknown setting "capcity": did you mean "capacity"?');
    });

    it('"$schema", which points editors at the JSON Schema, is allowed', async () => {
      const { code } = await check((c) => {
        c.$schema = './shop.config.schema.json';
      });
      expect(code).toBe(0);
    });
  });

  it('notes a UPI id that looks personal, which most UPI apps refuse to pay with an amount, and still passes', async () => {
    for (const vpa of ['asha.rao@okaxis', '9812345670@ybl']) {
      const { code, text } = await check((c) => {
        c.payment = { providers: [{ id: 'upi-manual', providerName: 'UPI', buttonText: 'Pay by UPI' }], upi: { vpa, payeeName: 'Crumb' } };
      });
      expect(code, vpa).toBe(0);
      expect(text, vpa).toContain(`Note: payment.upi.vpa "${vpa}" looks like a personal UPI id`);
    }
    // a merchant id from the bank says nothing more
    const merchant = await check((c) => {
      c.payment = {
        providers: [{ id: 'upi-manual', providerName: 'UPI', buttonText: 'Pay by UPI' }],
        upi: { vpa: 'crumbbakehouse.62741@hdfcbank', payeeName: 'Crumb' },
      };
    });
    expect(merchant.text).not.toContain('Note:');
  });

  describe('settings that are each valid but cannot work together', () => {
    it("UPI payment without the shop's UPI id", async () => {
      const { code, text } = await check((c) => {
        c.payment = { providers: [{ id: 'upi-manual', providerName: 'UPI', buttonText: 'Pay by UPI' }] };
      });
      expect(code).toBe(1);
      expect(text).toContain('payment.upi: The "upi-manual" payment needs the shop\'s UPI id');
    });

    it('PayU without its merchant key', async () => {
      const { text } = await check((c) => {
        c.payment = { providers: [{ id: 'payu', providerName: 'PayU', buttonText: 'Pay online' }] };
      });
      expect(text).toContain('payment.payu: The "payu" payment needs PayU\'s merchant key');
    });

    it('dine-in on with no tables', async () => {
      const { code, text } = await check((c) => {
        c.dineInConfig = { dineInEnabled: true };
        c.dineSpaces = [];
      });
      expect(code).toBe(1);
      expect(text).toContain('dineSpaces: Dine-in is on but there are no tables');
    });

    it('two tables with one id', async () => {
      const { text } = await check((c) => {
        c.dineSpaces = [
          { id: 'table-1', name: 'Table 1' },
          { id: 'table-1', name: 'Window table' },
        ];
      });
      expect(text).toContain('dineSpaces: The table id "table-1" is used more than once');
    });

    it('appointments on with no services', async () => {
      const { text } = await check((c) => {
        c.appointments = { enabled: true, services: [] };
      });
      expect(text).toContain('appointments.services: Appointments are on but there are no services to book');
    });

    it('a deposit above the price, or one the shop cannot take (only pay on delivery)', async () => {
      const tasting = (deposit: number) => ({ id: 'tasting', name: 'Cake tasting', durationMinutes: 30, price: 500, deposit });
      const above = await check((c) => {
        c.appointments = { enabled: true, services: [tasting(600)] };
      });
      expect(above.text).toContain('appointments.services.0.deposit: A deposit is part of the price: at most the price');
      const cashOnly = await check((c) => {
        c.appointments = { enabled: true, services: [tasting(300)] };
        c.payment = { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] };
      });
      expect(cashOnly.code).toBe(1);
      expect(cashOnly.text).toContain('appointments.services.0.deposit: A deposit is paid when booking, so the shop must take orders');
    });

    it('a logo that is not in the media folder (one that is, is fine)', async () => {
      expect((await check((c) => (c.logo = '/media/logo.webp'))).code).toBe(0);
      const { code, text } = await check((c) => (c.logo = '/media/crumb-logo.png'));
      expect(code).toBe(1);
      expect(text).toContain('logo: The picture /media/crumb-logo.png is not in the media folder');
      expect(text).toContain(path.join(mediaDir, 'crumb-logo.png'));
    });
  });

  describe('one message per mistake, in plain words', () => {
    it('a JSON mistake is named by line and column, with the line shown and a caret under the place', async () => {
      const file = writeJson('syntax.json', '{\n  "id": "crumb",\n  "title": "Crumb & Co."\n  "orderConfig": {}\n}\n');
      const { code, text } = await checkFile(file);
      expect(code).toBe(1);
      // the comma missing at the end of line 3 is noticed where the next setting begins
      expect(text).toContain(`${file}:4:3: The shop config file is not valid JSON: expected a comma`);
      // 6 spaces of indent, the 4 of "4 | ", and 2 more: the caret stands under the quote that opens "orderConfig"
      expect(text).toContain(`      4 |   "orderConfig": {}\n${' '.repeat(12)}^`);
    });

    it('a file cut short is named at its end', async () => {
      const file = writeJson('short.json', '{\n  "id": "crumb",\n  "title": "Crumb"');
      const { text } = await checkFile(file);
      expect(text).toContain(`${file}:3:19: The shop config file is not valid JSON`);
    });

    it('"7:00" is one mistake, the time, not also a slot that ends before it starts', async () => {
      const { text } = await check((c) => {
        c.orderConfig.deliverySlots = [{ id: 'morning', label: 'Morning', from: '7:00', to: '11:00' }];
      });
      expect(text).toContain('orderConfig.deliverySlots.0.from: Use a time like 09:30');
      expect(text).not.toContain('A slot ends after it starts');
    });

    it('a bad UPI id is explained with an example, not a regular expression', async () => {
      const { text } = await check((c) => {
        c.payment = { providers: [], upi: { vpa: 'crumb at okaxis', payeeName: 'Crumb' } };
      });
      expect(text).toContain('payment.upi.vpa: Use a UPI id like yourshop@hdfcbank');
      expect(text).not.toMatch(/\^\[/);
    });

    it("an unsupported locale keeps §5's words and lists the supported ones", async () => {
      const { text } = await check((c) => {
        c.localeConfig.defaultLocale = 'en-IE';
      });
      expect(text).toContain('localeConfig.defaultLocale: Locale not supported');
      expect(text).toMatch(/Supported locales: .*en-IN.*hi-IN/);
    });

    it('a value not among the allowed ones lists them', async () => {
      const { text } = await check((c) => {
        c.orderConfig.packingCharge = { type: 'percent' };
      });
      expect(text).toContain('orderConfig.packingCharge.type: Use one of: fixed, percentage');
    });

    it('a switch written as text says to write true or false', async () => {
      const { text } = await check((c) => {
        c.orderConfig.orderEnabled = 'yes';
      });
      expect(text).toContain('orderConfig.orderEnabled: Write true or false here');
    });
  });
});

describe('npm run shop -- config-schema', () => {
  /** The schema as an editor would read it, through a JSON Schema validator of its own. */
  async function editorCheck(change: (config: AnyConfig) => void) {
    const file = path.join(dir, 'schema.json');
    expect(await runCli(['config-schema', file], { log: () => {}, error: () => {} }, env)).toBe(0);
    const validate = new Ajv2020({ strict: false, validateFormats: false, allErrors: true }).compile(JSON.parse(readFileSync(file, 'utf8')) as object);
    const config = JSON.parse(readFileSync('demo/shop.config.json', 'utf8')) as AnyConfig;
    change(config);
    return validate(config)
      ? []
      : validate.errors!.map(
          (e) => `${e.instancePath} ${e.message}${e.params && 'additionalProperty' in e.params ? ` ${String(e.params.additionalProperty)}` : ''}`,
        );
  }

  it("the copy beside the demo configs is the schema of today's settings", () => {
    const committed = readFileSync('demo/shop.config.schema.json', 'utf8');
    expect(committed, 'run: npm run shop -- config-schema demo/shop.config.schema.json').toBe(`${JSON.stringify(shopConfigJsonSchema(), null, 2)}\n`);
  });

  it('takes the demo shop\'s config, with "$schema" pointing at it', async () => {
    expect(await editorCheck((c) => (c.$schema = './shop.config.schema.json'))).toEqual([]);
  });

  it('underlines what check-config calls a mistake: a typo, a value not allowed, a locale not supported', async () => {
    expect(await editorCheck((c) => (c.orderConfig.pickupEnabeld = true))).toEqual(['/orderConfig must NOT have additional properties pickupEnabeld']);
    expect(await editorCheck((c) => (c.orderConfig.packingCharge.type = 'percent'))).toEqual([
      '/orderConfig/packingCharge/type must be equal to one of the allowed values',
    ]);
    expect(await editorCheck((c) => (c.localeConfig.defaultLocale = 'en-IE'))).toEqual([
      '/localeConfig/defaultLocale must be equal to one of the allowed values',
    ]);
  });
});
