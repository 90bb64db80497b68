import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { personalUpiIdAdvice } from '../../domain/payments.ts';
import type { ShopConfig } from '../../domain/shop-config.ts';
import { loadEnvFile, readEnv, type Env } from '../env.ts';
import { migrate, openDatabase, type Db } from '../db/database.ts';
import { createAnalyticsRepository, type AnalyticsSummary } from '../db/repositories/analytics-repository.ts';
import { createCatalogRepository } from '../db/repositories/catalog-repository.ts';
import { createStoreRepository } from '../db/repositories/store-repository.ts';
import { csvColumns } from '../services/catalog-file.ts';
import type { CatalogProblem } from '../services/sheet-reading.ts';
import { shopFrontColumns } from '../services/shop-front-file.ts';
import { exportCatalogFile, importCatalogFile } from '../services/catalog-import.ts';
import { describePlan, describeShopFrontPlan } from '../services/catalog-import-plan.ts';
import { tableQrSheet } from '../services/table-qr.ts';
import { createDineTableRepository } from '../db/repositories/dine-table-repository.ts';
import { tableCodesAsked } from '../../domain/checkout-rules.ts';
import { issueLines, loadShopConfig, missingMediaFile, missingPictures } from '../shop-config-file.ts';
import { invoiceCommand, markPaidCommand, ordersCommand, refundCommand } from './order-commands.ts';
import { appointmentsCommand } from './appointment-commands.ts';
import { shopConfigJsonSchema } from './config-schema.ts';
import { customersCommand, newsletterCommand, reportCommand } from './report-commands.ts';
import { terminal, type Out } from './out.ts';
import { createOwnerCommand } from './owner-commands.ts';
import { backupCommand, restoreCommand } from './backup-commands.ts';
import { shopBanner, shownPath } from './shop-banner.ts';
import { quantityMessages } from '../../domain/quantity.ts';

/**
 * Owner commands: `npm run shop -- <command> [args]`. They act on the same database as
 * the server (DATA_DIR or DATABASE_URL), which may be running at the same time, with the
 * same settings: the environment, and .env in the working directory as the server reads it.
 */

const USAGE = `Usage: npm run shop -- <command>

  check-config [file]          validate the shop config (default: SHOP_CONFIG or demo/shop.config.json)
  config-schema [file]         write the config's JSON Schema (for editors: "$schema": "./shop.config.schema.json")
  import-catalog <file> [--shop-front <sheet>] [--dry-run] [--stock-from-file]
                               replace the catalog with a JSON or CSV file, all or nothing, and say what
                               changed; products already in the shop keep their live stock unless
                               --stock-from-file; --dry-run only says what would change; --shop-front
                               also sets the categories' colours, pictures and order and the banners
  export-catalog <file>        write the catalog with its current stock to a .json or .csv file import-catalog reads
  set-stock <variantId> <qty>  set a product's stock (units, or kg for products sold by weight)
  orders list [status…]        the orders, newest first (placed, confirmed, preparing, ready, …)
  orders show <order>          one order: contact, address, slot or table, items, totals, payment, history
                               (an order is its number, 1042 or '#1042', or its id)
  orders set-status <order> <s> move an order on (confirmed, rejected, preparing, ready, out_for_delivery,
                               delivered, served, picked_up, cancelled); the shopper is told
  appointments list [date]     one day's bookings (YYYY-MM-DD, the shop's time zone; today by default)
  mark-paid <order> [ref]      a UPI order paid (with the shopper's or this reference), or pay on delivery collected
  refund <order> [reference]   the refund a cancelled or rejected paid order owed is paid back (reference: your
                               transfer's, optional for cash); the shopper's order then says refunded
  invoice <order> [file]       an accepted order's tax invoice: HTML on the screen, or to file.html or file.pdf
                               (the PDF through Chromium; needs "gst" in the shop config)
  create-owner <email> [name]  the owner's account (OWNER_PASSWORD sets its password, else one is shown once)
  store open|close|status      take orders, or not (closed, the storefront says so and refuses orders)
  table-qr <file.svg> [url]    a printable sheet with a QR code per dine space and its 4-digit table code
                               (url: the shop's address, else PUBLIC_URL; /admin → Tables prints it too)
  backup <file.tar.gz>         the whole shop in one archive, taken while the shop runs: the database (a
                               consistent copy; PostgreSQL: pg_dump it beside), the config, the media
                               folder and the secrets in DATA_DIR (auth-secret, vapid.json)
  restore <file.tar.gz> [--force]
                               put a backup back into DATA_DIR, SHOP_CONFIG and MEDIA_DIR; stop the shop
                               first; --force replaces a shop that is there already
  report sales [--from D] [--to D] [--csv file]
                               one row per order line (date and time in the shop's time zone, order,
                               status, payment, product, variant, qty, unit price, line total, tax);
                               today by default, --from alone runs to today; a table, or a CSV file
  newsletter export <file.csv> the confirmed newsletter subscribers with when they confirmed
  customers export <file.csv>  shoppers with accounts and guests who left an e-mail or phone: their
                               orders and what they spent (not cancelled or rejected), last order
  analytics summary [days]     visits and other events of the last days (default 30), per type and per day
  help                         show this

Settings: the environment, else .env in the working directory (as the server reads them): SHOP_CONFIG,
  DATA_DIR, DATABASE_URL, MEDIA_DIR, … Each command that works on a shop first names it and its database.

CSV columns (header row required): ${csvColumns.join(', ')}
  delimited by "," or ";" (as the header row is); tags and images are lists separated by ";".
  Required: variantId, title, categoryId, regular, stock. Prices as 1250, 1250.5, 1,250, ₹1,250.00 or 1250,50.
Shop-front sheet columns (--shop-front; README.md): ${shopFrontColumns.join(', ')}
  a row per category (kind category; id: its products' categoryId) or banner (kind hero or slider).`;

/** The shop's config once it is valid, after a first line naming the shop and its database (on stderr, so what a command prints stays clean). */
function shopConfigOf(env: Env, out: Out): ShopConfig | undefined {
  const config = loadShopConfig(env.shopConfig);
  out.banner?.(shopBanner(config.ok ? config.config : undefined, env));
  if (config.ok) return config.config;
  out.error(`Fix the shop config ${shownPath(env.shopConfig)} first (npm run shop -- check-config): ${config.issues.map((i) => i.message).join('; ')}`);
  return undefined;
}

/** Runs a command on the shop's database (migrated first), once its config is valid. */
async function withShop(env: Env, out: Out, run: (db: Db, shop: ShopConfig) => Promise<number>): Promise<number> {
  const shop = shopConfigOf(env, out);
  if (!shop) return 1;
  const db = openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  try {
    await migrate(db);
    return await run(db, shop);
  } finally {
    await db.close();
  }
}

export async function runCli(args: string[], out: Out = terminal, env = readEnv(), ownerPassword = env.owner.password): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'check-config': {
      const file = rest[0] ? path.resolve(rest[0]) : env.shopConfig;
      const result = loadShopConfig(file);
      const issues = result.ok ? missingPictures(result.config, env.mediaDir) : result.issues;
      if (result.ok && issues.length === 0) {
        out.log(`${file}: the shop config is valid ("${result.config.title}").`);
        const upi = result.config.payment.providers.some((p) => p.id === 'upi-manual') ? result.config.payment.upi : undefined;
        const advice = upi ? personalUpiIdAdvice(upi.vpa) : null;
        if (advice) out.log(`Note: ${advice}`);
        return 0;
      }
      out.error(`${file}: the shop config has ${issues.length === 1 ? 'a mistake' : `${issues.length} mistakes`}:`);
      for (const line of issues.flatMap(issueLines)) out.error(`  ${line}`);
      return 1;
    }
    case 'config-schema': {
      const schema = `${JSON.stringify(shopConfigJsonSchema(), null, 2)}\n`;
      if (!rest[0]) return (out.log(schema), 0);
      writeFileSync(rest[0], schema);
      out.log(`Wrote the shop config's JSON Schema to ${rest[0]}; point your config at it with "$schema": "./${path.basename(rest[0])}".`);
      return 0;
    }
    case 'import-catalog':
    case 'export-catalog':
    case 'set-stock':
    case 'orders':
    case 'mark-paid':
    case 'refund':
    case 'invoice':
    case 'appointments':
    case 'create-owner':
    case 'store':
      return withShop(env, out, async (db, shop) => {
        if (command === 'import-catalog' || command === 'export-catalog' || command === 'set-stock') {
          const repo = createCatalogRepository(db, shop.localeConfig.fractionDigits);
          if (command === 'export-catalog') return exportCommand(repo, rest, out);
          return command === 'import-catalog' ? importCommand(repo, rest, out, shop.timeZone, env.mediaDir) : setStockCommand(repo, rest, out);
        }
        if (command === 'orders') return ordersCommand(db, shop, env, rest, out);
        if (command === 'mark-paid') return markPaidCommand(db, shop, env, rest, out);
        if (command === 'refund') return refundCommand(db, shop, env, rest, out);
        if (command === 'invoice') return invoiceCommand(db, shop, rest, out);
        if (command === 'appointments') return appointmentsCommand(db, shop, rest, out);
        if (command === 'store') return storeCommand(db, rest, out);
        return createOwnerCommand(db, rest, out, ownerPassword);
      });
    case 'backup':
      return backupCommand(env, rest, out);
    case 'restore':
      return restoreCommand(env, rest, out);
    case 'report':
      return withShop(env, out, (db, shop) => reportCommand(db, shop, rest, out));
    case 'newsletter':
      return withShop(env, out, (db, shop) => newsletterCommand(db, shop, rest, out));
    case 'customers':
      return withShop(env, out, (db, shop) => customersCommand(db, shop, rest, out));
    case 'analytics': {
      const [sub, daysArg] = rest;
      const days = daysArg === undefined ? 30 : Number(daysArg);
      if (sub !== 'summary' || !Number.isInteger(days) || days < 1 || days > 3660) {
        out.error('Usage: npm run shop -- analytics summary [days, a whole number from 1 to 3660]');
        return 1;
      }
      return withShop(env, out, async (db) => {
        const to = Date.now();
        printSummary(await createAnalyticsRepository(db).summary(to - days * 86_400_000, to), days, out);
        return 0;
      });
    }
    case 'table-qr':
      return withShop(env, out, (db, shop) => tableQrCommand(db, shop, rest, env.publicUrl, out));
    case 'help':
    case undefined:
      out.log(USAGE);
      return command ? 0 : 1;
    default:
      out.error(`Unknown command "${command}".\n\n${USAGE}`);
      return 1;
  }
}

const importFlags = ['--dry-run', '--stock-from-file'];
const IMPORT_USAGE = 'Usage: npm run shop -- import-catalog <file.json|file.csv> [--shop-front <sheet.csv|sheet.json>] [--dry-run] [--stock-from-file]';

/** `import-catalog <file> [--shop-front <sheet>] [--dry-run] [--stock-from-file]`: the catalog from a file, and what that changed (or would). */
async function importCommand(repo: ReturnType<typeof createCatalogRepository>, args: string[], out: Out, timeZone: string, mediaDir: string): Promise<number> {
  const at = args.indexOf('--shop-front');
  const sheet = at === -1 ? undefined : args[at + 1];
  const files = args.filter((a, i) => !importFlags.includes(a) && (at === -1 || (i !== at && i !== at + 1)));
  const [file] = files;
  if (!file || files.length > 1 || file.startsWith('-') || (at !== -1 && (!sheet || sheet.startsWith('-')))) {
    out.error(IMPORT_USAGE);
    return 1;
  }
  const dryRun = args.includes('--dry-run');
  const result = await importCatalogFile(repo, path.resolve(file), 'cli', {
    dryRun,
    stockFromFile: args.includes('--stock-from-file'),
    ...(sheet ? { shopFront: { file: path.resolve(sheet), timeZone } } : {}),
  });
  if (!result.ok) {
    const sections: [string, CatalogProblem[]][] = [
      [file, result.problems],
      [sheet ?? '', result.shopFrontProblems ?? []],
    ];
    sections
      .filter(([, problems]) => problems.length > 0)
      .forEach(([name, problems], i) => {
        out.error(i === 0 ? `${name}: nothing was imported, because:` : `and ${name}:`);
        for (const p of problems) out.error(`  line ${p.line}: ${p.message}`);
      });
    return 1;
  }
  const size = `${result.products} ${result.products === 1 ? 'product' : 'products'} in ${result.categories} ${result.categories === 1 ? 'category' : 'categories'}`;
  const banners = result.shopFront ? `${result.shopFront.banners} ${result.shopFront.banners === 1 ? 'banner' : 'banners'}` : '';
  if (dryRun) out.log(`Dry run: nothing was changed. Importing ${file}${sheet ? ` with ${sheet}` : ''} would give ${size}${banners ? ` and ${banners}` : ''}.`);
  else out.log(`Imported ${size} from ${file}${sheet ? `, and ${banners} from ${sheet}` : ''}.`);
  for (const line of describePlan(result.plan)) out.log(line);
  if (result.shopFront) for (const line of describeShopFrontPlan(result.shopFront.plan)) out.log(line);
  // a missing picture is a grey tile, not a reason to refuse the file: say which, and where it should be
  const missing = result.plan.pictures.flatMap((p) => {
    const at = missingMediaFile(p.url, mediaDir);
    return at ? [`  ${p.url} (${p.variantId}): put the file at ${at}`] : [];
  });
  if (missing.length > 0) {
    out.error(
      `${missing.length === 1 ? 'A picture' : `${missing.length} pictures`} the file names ${missing.length === 1 ? 'is' : 'are'} not in the media folder (MEDIA_DIR); shoppers see a blank tile until ${missing.length === 1 ? 'it is' : 'they are'} there:`,
    );
    for (const line of missing.slice(0, 20)) out.error(line);
    if (missing.length > 20) out.error(`  … and ${missing.length - 20} more`);
  }
  return 0;
}

/** `export-catalog <file.json|file.csv>`: the catalog as import-catalog reads it, with the current stock. */
async function exportCommand(repo: ReturnType<typeof createCatalogRepository>, [file]: string[], out: Out): Promise<number> {
  if (!file) {
    out.error('Name the file to write: npm run shop -- export-catalog <file.json|file.csv>');
    return 1;
  }
  const result = await exportCatalogFile(repo, path.resolve(file));
  if (!result.ok) {
    out.error(`${file}: nothing was exported, because:`);
    for (const p of result.problems) out.error(`  ${p}`);
    return 1;
  }
  out.log(`Exported ${result.products} products in ${result.categories} categories to ${file}.`);
  if (result.leftOut.length > 0) out.log(`A CSV cannot hold ${result.leftOut.join(', ')}: export to a .json file to keep them.`);
  return 0;
}

async function setStockCommand(repo: ReturnType<typeof createCatalogRepository>, [variantId, qty]: string[], out: Out): Promise<number> {
  const stock = Number(qty);
  if (!variantId || qty === undefined || !Number.isFinite(stock) || stock < 0) {
    out.error('Usage: npm run shop -- set-stock <variantId> <quantity ≥ 0>');
    return 1;
  }
  const change = await repo.setStock(variantId, stock, 'cli');
  if (!change) {
    out.error(`There is no product with variantId "${variantId}".`);
    return 1;
  }
  if (!change.ok) {
    out.error(
      `"${qty}" is not a valid stock for ${variantId}: ${change.problem === 'not_whole' ? 'whole units only, unless it is sold by weight' : quantityMessages[change.problem]}.`.replace(
        '..',
        '.',
      ),
    );
    return 1;
  }
  out.log(`Stock of ${variantId} is now ${stock}.`);
  return 0;
}

/** `table-qr <file.svg> [url]`: the dine spaces' QR codes, linking to the shop's public address, each with its table code when the shop asks for one. */
async function tableQrCommand(db: Db, shop: ShopConfig, [file, url]: string[], publicUrl: string | undefined, out: Out): Promise<number> {
  const origin = url ?? publicUrl;
  if (!file || !origin || !/^https?:\/\/[^/\s]+/.test(origin)) {
    out.error("Usage: npm run shop -- table-qr <file.svg> [https://your-shop.example]  (the shop's address, else PUBLIC_URL: phones open it from the codes)");
    return 1;
  }
  const codes = tableCodesAsked(shop) ? await createDineTableRepository(db).codes(shop.dineSpaces.map((s) => s.id)) : new Map<string, string>();
  const sheet = await tableQrSheet(shop, new URL(origin).origin, codes);
  if (!sheet) {
    out.error('The shop config has no dineSpaces: there are no tables to print codes for.');
    return 1;
  }
  writeFileSync(path.resolve(file), sheet);
  out.log(`Wrote ${shop.dineSpaces.length} table codes to ${file}, linking to ${new URL(origin).origin}/catalog?dineInSpaceId=…`);
  return 0;
}

/** `store open|close|status`: the owner's switch, audited as the command line. */
async function storeCommand(db: Db, [action]: string[], out: Out): Promise<number> {
  const store = createStoreRepository(db);
  if (action === 'open' || action === 'close') await store.setOpen(action === 'open', 'cli');
  else if (action !== 'status') {
    out.error('Usage: npm run shop -- store open|close|status');
    return 1;
  }
  out.log((await store.isOpen()) ? 'The shop is open: it takes orders.' : 'The shop is closed: the storefront says so and refuses orders.');
  return 0;
}

function printSummary(summary: AnalyticsSummary, days: number, out: Out): void {
  if (summary.events.length === 0) {
    out.log(`No events in the last ${days} days.`);
    return;
  }
  out.log(`Events of the last ${days} days:`);
  out.log(`  ${'event'.padEnd(24)}${'count'.padStart(8)}${'devices'.padStart(9)}${'sessions'.padStart(10)}`);
  for (const e of summary.events)
    out.log(`  ${e.eventType.padEnd(24)}${String(e.count).padStart(8)}${String(e.devices).padStart(9)}${String(e.sessions).padStart(10)}`);
  out.log('Per day (UTC):');
  for (const d of summary.days) out.log(`  ${d.day}  ${d.eventType.padEnd(24)}${String(d.count).padStart(8)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // the settings the server reads: the environment, and .env in the working directory (the environment wins)
  loadEnvFile();
  process.exitCode = await runCli(process.argv.slice(2));
}
