import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { validateShopConfig, type ConfigIssue, type ConfigResult } from '../domain/shop-config.ts';
import { MEDIA_KEY } from './services/media-store.ts';

/** Reads and validates the owner's config file; a missing or malformed file is reported like any other config problem. */
export function loadShopConfig(file: string): ConfigResult {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return { ok: false, issues: [{ path: file, message: `Cannot read the shop config file: ${(err as Error).message}` }] };
  }
  try {
    return validateShopConfig(JSON.parse(text));
  } catch {
    return { ok: false, issues: [jsonSyntaxIssue(file, text)] };
  }
}

/** One mistake as check-config writes it: where and what, then its hint indented under it. */
export function issueLines(issue: ConfigIssue): string[] {
  return [`${issue.path}: ${issue.message}`, ...(issue.hint ? issue.hint.split('\n').map((line) => `    ${line}`) : [])];
}

/** What each of jsonc-parser's error codes means to someone editing the file by hand. */
const jsonProblems: Record<string, string> = {
  PropertyNameExpected: 'expected a setting name in double quotes (is there a comma after the last setting?)',
  ValueExpected: 'expected a value (is there a comma after the last item, or a value missing?)',
  ColonExpected: 'expected a colon after the setting name',
  CommaExpected: 'expected a comma between this and the setting or item before it',
  CloseBraceExpected: 'expected } to close the group of settings',
  CloseBracketExpected: 'expected ] to close the list',
  EndOfFileExpected: 'unexpected text after the end of the settings',
  UnexpectedEndOfString: 'a text is not closed with a double quote',
  InvalidSymbol: 'this is not JSON (text needs double quotes; true, false and null are lower case)',
  InvalidCommentToken: 'JSON has no comments',
};

/**
 * Where and why a file is not JSON, as "file:line:column" with the line and a caret under the
 * place, because Node's own message gives at best a character position.
 */
function jsonSyntaxIssue(file: string, text: string): ConfigIssue {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  const offset = first?.offset ?? text.length;
  const before = text.slice(0, offset).split('\n');
  const line = before.length;
  const column = before.at(-1)!.length + 1;
  const code = first ? printParseErrorCode(first.error) : '';
  const shown = text.split('\n')[line - 1] ?? '';
  const gutter = `${line} | `;
  return {
    path: `${file}:${line}:${column}`,
    message: `The shop config file is not valid JSON: ${jsonProblems[code] ?? 'the file ends too early or holds a character JSON does not allow'}`,
    hint: `${gutter}${shown}\n${' '.repeat(gutter.length + column - 1)}^`,
  };
}

/**
 * Pictures the config names that are not there (check-config only: a missing logo is a
 * broken image, not a reason to refuse to start). Uploaded photos (/media/<key>) live in
 * the database and are not looked for here.
 */
export function missingPictures(config: { logo: string; pwa: { icons: { logo192Png: string } } }, mediaDir: string): ConfigIssue[] {
  const named = [
    ['logo', config.logo],
    ['pwa.icons.logo192Png', config.pwa.icons.logo192Png],
  ] as const;
  return named.flatMap(([where, url]) => {
    const file = missingMediaFile(url, mediaDir);
    return file
      ? [{ path: where, message: `The picture ${url} is not in the media folder`, hint: `Put the file at ${file} (MEDIA_DIR), or upload it on /admin` }]
      : [];
  });
}

/**
 * Where the media folder should hold a `/media/…` picture that is not there; undefined for
 * one that is, an uploaded photo (in the database) or a picture from elsewhere.
 */
export function missingMediaFile(url: string, mediaDir: string): string | undefined {
  if (!url.startsWith('/media/')) return undefined;
  const name = decodeURIComponent(url.slice('/media/'.length));
  const file = path.join(mediaDir, name);
  return MEDIA_KEY.test(name) || existsSync(file) ? undefined : file;
}
