import { z } from 'zod';
import { categorySchema, type Category } from '../../domain/catalog.ts';
import { bannerCreateSchema, categoryCreateSchema, scheduleInstant, shopFrontMessages } from '../../domain/shop-front.ts';
import type { StoredBanner } from '../db/repositories/catalog-read.ts';
import { freeId, idOf } from '../db/repositories/shop-front-repository.ts';
import { jsonProblem, listCell, readCsv, readJson, type CatalogProblem } from './sheet-reading.ts';

/**
 * The shop front an owner imports beside a catalog (issue 21): `import-catalog products.csv
 * --shop-front shop-front.csv`. A CSV catalog names its products' categories and nothing
 * more; this sheet adds what the home page shows around them, the categories' colours,
 * pictures and order and the banners, so a shop kept in a spreadsheet does not look empty.
 *
 * One sheet, a row per category or banner told apart by `kind`, rather than two files: an
 * owner keeps one more tab beside the products' and exports it once, a banner's link names
 * categories a few rows up, and the columns both kinds use (title, colour, image, position)
 * mean the same on both. Two files would be two more names to give on every import.
 *
 * The rules are /admin's, from the same schemas (domain/shop-front.ts): an image is a path on
 * the shop, a colour #rrggbb, a link address http(s), a schedule a local date in the shop's
 * time zone. Every problem comes back at once with its line; the sheet imports only with
 * none. It holds the whole shop front: banners not in it are removed, categories not in
 * the catalog are created (empty, as /admin can make them), the catalog's categories it does
 * not name keep what the catalog says and come after the sheet's.
 */

export type ShopFront = { categories: Category[]; banners: StoredBanner[] };
export type ShopFrontParse = ({ ok: true } & ShopFront) | { ok: false; problems: CatalogProblem[] };

/** The sheet's columns. Only kind is required, and a category's id; an empty cell takes the default. */
export const shopFrontColumns = [
  'kind',
  'id',
  'title',
  'subtitle',
  'button',
  'colour',
  'image',
  'desktopImage',
  'linkType',
  'linkTo',
  'from',
  'until',
  'position',
] as const;
type Column = (typeof shopFrontColumns)[number];
const bannerOnly: readonly Column[] = ['subtitle', 'button', 'desktopImage', 'linkType', 'linkTo', 'from', 'until'];

/** Where a row's problem goes: the field's path as the schema names it, the message, and whether it is written for the owner already (else a CSV shows its column's hint). */
type Report = (path: readonly PropertyKey[], message: string, plain?: boolean) => void;
/** A category as the sheet gives it: a field left out takes the catalog's value, then the default. */
type CategoryRow = {
  id: string;
  name?: string | undefined;
  colour?: string | undefined;
  image?: string | undefined;
  position?: number | undefined;
  report: Report;
};
/** A banner as bannerCreateSchema takes it, before its rules. */
type BannerRow = { input: unknown; position?: number | undefined; report: Report };
type Rows = { categories: CategoryRow[]; banners: BannerRow[] };

/** A category's fields as /admin takes them (the id is the catalog's: products name it). */
const categoryFieldsSchema = categoryCreateSchema.omit({ id: true });
const positionSchema = z.number().int().nonnegative().optional();

/** The messages of /admin's rules: plain already, so a CSV row shows them rather than its column's hint. */
const plainMessages = new Set<string>(Object.values(shopFrontMessages).filter((m) => typeof m === 'string'));

/** What to write in a column, for a cell the rules refuse with a message meant for programs (too long, not a number). */
const csvHints: Partial<Record<Column, string>> = {
  kind: 'write category, hero (a large banner at the top of the home page) or slider (a smaller banner further down)',
  id: 'write an id of small letters, digits and "-", e.g. summer-sale, or leave it empty to make one from the title',
  title: 'write at most 200 characters',
  subtitle: 'write at most 400 characters',
  button: "write the button's text, at most 60 characters",
  linkType: 'write category, tag or url: what the banner opens when it is tapped',
  linkTo: 'write what the banner opens: category ids or tags separated by ";", or an address like https://example.com/sale',
  position: 'write a whole number: rows are shown by it, smallest first',
};
const categoryIdHint = "write the category's id, the categoryId its products have, e.g. breads";
const linkTypes: Record<string, 'categories' | 'tags' | 'url'> = { category: 'categories', categories: 'categories', tag: 'tags', tags: 'tags', url: 'url' };

/** A spreadsheet writes a date and time with a space (and seconds): the schedule takes 2026-12-31T18:00. */
const scheduleCell = (cell: string | undefined) => cell?.replace(/^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})(?::00)?$/, '$1T$2');

/** The column of a banner's field: the CSV's names are a spreadsheet's, the schema's are the JSON's. */
function bannerColumn([field, sub]: readonly PropertyKey[], hasDesktopImage: boolean): Column {
  if (field === 'image') return sub === 'desktop' && hasDesktopImage ? 'desktopImage' : 'image';
  if (field === 'link') return sub === undefined || sub === 'type' ? 'linkType' : 'linkTo';
  if (field === 'buttonText') return 'button';
  if (field === 'background') return 'colour';
  return String(field) as Column;
}

function csvRows(text: string, problems: CatalogProblem[]): Rows | null {
  const read = readCsv(text);
  problems.push(...read.problems);
  if (!read.ok) return null;
  const unknown = read.header.filter((c) => !(shopFrontColumns as readonly string[]).includes(c));
  if (unknown.length > 0) problems.push({ line: 1, message: `Unknown column ${unknown.join(', ')}: the columns are ${shopFrontColumns.join(', ')}` });
  if (!read.header.includes('kind')) {
    problems.push({ line: 1, message: `Missing column kind: the header row names it, e.g. ${shopFrontColumns.slice(0, 7).join(',')}` });
    return null;
  }
  if (read.rows.length === 0 && read.problems.length === 0) {
    problems.push({ line: 1, message: 'The sheet has no rows: write one row per category or banner under the header row' });
    return null;
  }
  const rows: Rows = { categories: [], banners: [] };
  for (const { row: cells, line } of read.rows) {
    // an empty cell is a field left out
    const cell = (column: Column) => cells[column] || undefined;
    const kind = (cell('kind') ?? '').toLowerCase();
    const named = cell('id') ?? (cell('title') === undefined ? undefined : `"${cell('title')}"`);
    const label =
      kind === 'category'
        ? `category ${cell('id') ?? 'without id'}`
        : kind === 'hero' || kind === 'slider'
          ? `banner ${named ?? 'without id or title'}`
          : (named ?? 'a row');
    const reported = new Set<string>();
    const problem = (column: Column, message: string, plain = false) => {
      if (reported.has(column)) return;
      reported.add(column);
      problems.push({ line, message: `${label}, ${column}: ${plain || plainMessages.has(message) ? message : (csvHints[column] ?? message)}` });
    };
    const positionCell = cell('position');
    const position = positionCell !== undefined && /^\d{1,9}$/.test(positionCell) ? Number(positionCell) : undefined;
    if (positionCell !== undefined && position === undefined) problem('position', csvHints.position!);

    if (kind === 'category') {
      for (const column of bannerOnly)
        if (cell(column) !== undefined) problem(column, 'only a banner row uses this column: leave it empty on a category row', true);
      const id = categorySchema.shape.oId.safeParse(cell('id') ?? '');
      if (!id.success) problem('id', categoryIdHint);
      else
        rows.categories.push({
          id: id.data,
          name: cell('title'),
          colour: cell('colour'),
          image: cell('image'),
          position,
          report: ([field], message, plain) => problem(field === 'name' ? 'title' : (String(field) as Column), message, plain),
        });
    } else if (kind === 'hero' || kind === 'slider') {
      const linkType = linkTypes[(cell('linkType') ?? '').toLowerCase()];
      const linkTo = cell('linkTo') ?? '';
      const image = cell('image') ?? '';
      const input = {
        ...(cell('id') === undefined ? {} : { id: cell('id') }),
        kind,
        title: cell('title'),
        subtitle: cell('subtitle'),
        buttonText: cell('button'),
        // one picture for both sizes unless the sheet gives a wider one
        image: { mobile: image, desktop: cell('desktopImage') ?? image },
        background: cell('colour'),
        link:
          linkType === undefined
            ? { type: cell('linkType') ?? '' }
            : linkType === 'url'
              ? { type: linkType, urlValue: linkTo }
              : { type: linkType, value: listCell(linkTo) },
        from: scheduleCell(cell('from')),
        until: scheduleCell(cell('until')),
      };
      rows.banners.push({ input, position, report: (path, message, plain) => problem(bannerColumn(path, cell('desktopImage') !== undefined), message, plain) });
    } else problem('kind', csvHints.kind!);
  }
  return rows;
}

const jsonSheetSchema = z.object({ categories: z.array(z.unknown()).default([]), banners: z.array(z.unknown()).default([]) }).strict();
/** The catalog JSON's category, its fields but the id left out as the sheet's cells may be. */
const jsonCategorySchema = z
  .object({ oId: categorySchema.shape.oId, name: z.string().optional(), colour: z.string().optional(), image: z.string().optional(), position: positionSchema })
  .strict();

function jsonRows(text: string, problems: CatalogProblem[]): Rows | null {
  const read = readJson(text);
  if (!read.ok) {
    problems.push(...read.problems);
    return null;
  }
  const report = (path: readonly PropertyKey[], message: string) => problems.push({ line: read.lineOf(path), message: jsonProblem(path, message) });
  const sheet = jsonSheetSchema.safeParse(read.data);
  if (!sheet.success) {
    for (const issue of sheet.error.issues) report(issue.path, issue.message);
    return null;
  }
  if (sheet.data.categories.length + sheet.data.banners.length === 0) {
    problems.push({ line: 1, message: 'The file has no categories and no banners: write them as the catalog JSON does, {"categories": […], "banners": […]}' });
    return null;
  }
  const rows: Rows = { categories: [], banners: [] };
  sheet.data.categories.forEach((entry, i) => {
    const at: Report = (path, message) => report(['categories', i, ...path], message);
    const parsed = jsonCategorySchema.safeParse(entry);
    if (!parsed.success) for (const issue of parsed.error.issues) at(issue.path, issue.message);
    // the file calls the id oId, as the catalog does
    else
      rows.categories.push({
        ...parsed.data,
        id: parsed.data.oId,
        report: ([field, ...rest], message, plain) => at([field === 'id' ? 'oId' : field!, ...rest], message, plain),
      });
  });
  sheet.data.banners.forEach((entry, i) => {
    const at: Report = (path, message) => report(['banners', i, ...path], message);
    // the catalog's banner has a position; the rest is what /admin takes
    const { position, ...input } = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : { position: undefined };
    const place = positionSchema.safeParse(position);
    if (!place.success) at(['position'], place.error.issues[0]!.message);
    rows.banners.push({ input: typeof entry === 'object' && entry !== null ? input : entry, position: place.data, report: at });
  });
  return rows;
}

/** Rows by their position, smallest first, and those without one after them; in the sheet's order otherwise. */
function inOrder<T extends { position?: number | undefined }>(rows: T[]): T[] {
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => (a.row.position ?? Infinity) - (b.row.position ?? Infinity) || a.i - b.i)
    .map(({ row }) => row);
}

/**
 * The shop front the rows make, beside the catalog's categories (null: the catalog has
 * problems, so what needs its categories is not checked). Problems go to each row's report.
 */
function settle(rows: Rows, catalog: Category[] | null, timeZone: string): ShopFront {
  const known = new Map((catalog ?? []).map((c) => [c.oId, c]));
  const sheet: { category: Category; position?: number | undefined }[] = [];
  const named = new Set<string>();
  for (const row of rows.categories) {
    if (named.has(row.id)) {
      row.report(['id'], 'the id is used twice: write each category once', true);
      continue;
    }
    named.add(row.id);
    const before = known.get(row.id);
    const parsed = categoryFieldsSchema.safeParse({
      name: row.name ?? before?.name ?? row.id,
      colour: row.colour ?? before?.colour,
      image: row.image ?? before?.image,
    });
    if (!parsed.success) for (const issue of parsed.error.issues) row.report(issue.path, issue.message);
    else sheet.push({ category: { oId: row.id, position: 0, ...parsed.data }, position: row.position });
  }
  const rest = [...(catalog ?? [])].filter((c) => !named.has(c.oId)).sort((a, b) => a.position - b.position);
  const categories = [...inOrder(sheet).map((s) => s.category), ...rest].map((c, position) => ({ ...c, position }));

  const ids = new Set(categories.map((c) => c.oId));
  const given = new Set<string>();
  const banners: { banner: Omit<StoredBanner, 'id' | 'position'> & { id: string | undefined }; position?: number | undefined }[] = [];
  for (const row of rows.banners) {
    const parsed = bannerCreateSchema.safeParse(row.input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) row.report(issue.path, issue.message);
      continue;
    }
    const { id, from, until, link, ...fields } = parsed.data;
    let good = true;
    const problem = (path: readonly PropertyKey[], message: string) => {
      row.report(path, message, true);
      good = false;
    };
    if (id !== undefined && given.has(id)) problem(['id'], 'the id is used twice: give each banner its own');
    if (id !== undefined) given.add(id);
    if (catalog !== null && link.type === 'categories')
      link.value.forEach((c, i) => ids.has(c) || problem(['link', 'value', i], shopFrontMessages.unknownCategory(c)));
    const showFrom = from === null ? undefined : scheduleInstant(from, 'from', timeZone);
    const showUntil = until === null ? undefined : scheduleInstant(until, 'until', timeZone);
    if (showFrom !== undefined && showUntil !== undefined && showUntil <= showFrom) problem(['until'], shopFrontMessages.untilBeforeFrom);
    if (good)
      banners.push({
        banner: { id, ...fields, link, ...(showFrom === undefined ? {} : { showFrom }), ...(showUntil === undefined ? {} : { showUntil }) },
        position: row.position,
      });
  }
  // ids left out are made from the title, as /admin makes them, once the sheet's own are known
  const made = inOrder(banners).map(({ banner }, position): StoredBanner => {
    const id = banner.id ?? freeId(idOf(banner.title, banner.kind), given);
    given.add(id);
    return { ...banner, id, position };
  });
  return { categories, banners: made };
}

/**
 * Reads a shop-front sheet (CSV) or file (JSON, the catalog JSON's categories and banners,
 * a banner with from / until too) against the catalog's categories and the shop's time zone.
 */
export function parseShopFront(text: string, format: 'json' | 'csv', options: { categories: Category[] | null; timeZone: string }): ShopFrontParse {
  const problems: CatalogProblem[] = [];
  const rows = format === 'csv' ? csvRows(text, problems) : jsonRows(text, problems);
  const front = rows && settle(rows, options.categories, options.timeZone);
  return problems.length > 0 || !front ? { ok: false, problems: problems.sort((a, b) => a.line - b.line) } : { ok: true, ...front };
}
