import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { stringify as stringifyCsv } from 'csv-stringify/sync';

// a spreadsheet runs a cell starting with one of these as a formula; a plain number (-12.50) is left alone
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A report as CSV for a spreadsheet: a byte-order mark (so ₹ and Hindi read as UTF-8), a
 * header row, and every cell that could start a formula prefixed with `'`. Unlike the
 * catalog export (decision 025), these files carry what shoppers wrote (names, addresses,
 * e-mail addresses), and are not meant to be imported back.
 */
export function reportCsv(columns: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  const safe = (cell: string | number) => (typeof cell === 'string' && FORMULA_START.test(cell) && !NUMBER.test(cell) ? `'${cell}` : cell);
  return stringifyCsv([columns, ...rows.map((row) => row.map(safe))], { bom: true });
}

/** Writes the file whole or not at all (beside its name, then renamed over it); the reason when it could not. */
export function writeWhole(file: string, text: string): string | null {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, file);
    return null;
  } catch (err) {
    rmSync(temporary, { force: true });
    return `Cannot write ${file}: ${(err as Error).message}`;
  }
}
