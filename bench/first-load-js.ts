import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { get, kb, ROOT, startApp, type Child, type Row } from './support.ts';

/** A guard rail, not the goal (decision 079): what a shopper feels is the Lighthouse score and blocking time of bench/lighthouse.ts. */
const BUDGET_KB = 125;
/** Written by a build with BUNDLE_REPORT=1 (vite.config.ts): rollup-plugin-visualizer's raw data, minified sizes from the source maps. */
const BUNDLE_REPORT = path.join(ROOT, 'build/bundle-report.json');
/** The libraries no page can do without: the floor under the budget. */
const FRAMEWORK = ['react', 'react-dom', 'scheduler', 'react-router'];

type Found = { url: string; via: string };

/** Every script the HTML makes the browser load at once: src, modulepreload, inline module imports. */
function scriptsInHtml(html: string, base: string): Found[] {
  const found: Found[] = [];
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src) found.push({ url: src, via: 'script src' });
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attr(tag, 'href');
    if (href && /^modulepreload$/i.test(attr(tag, 'rel') ?? '')) found.push({ url: href, via: 'modulepreload' });
  }
  for (const [tag, body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/type\s*=\s*["']module["']/i.test(tag) || /\ssrc\s*=/i.test(tag)) continue;
    for (const spec of importSpecifiers(body, true)) {
      if (spec.startsWith('/assets/')) found.push({ url: spec, via: 'inline import' });
    }
  }
  return found.map((f) => ({ ...f, url: new URL(f.url, base).href }));
}

/** `import "x"`, `import … from "x"`, `export … from "x"` and, when asked, `import("x")`. */
function importSpecifiers(code: string, dynamic: boolean): string[] {
  const specs: string[] = [];
  const q = `["'\`]([^"'\`]+)["'\`]`;
  const patterns = [new RegExp(`\\bimport\\s*${q}`, 'g'), new RegExp(`\\b(?:import|export)\\b[^;"'\`()]*?\\bfrom\\s*${q}`, 'g')];
  if (dynamic) patterns.push(new RegExp(`\\bimport\\s*\\(\\s*${q}\\s*\\)`, 'g'));
  for (const re of patterns) for (const m of code.matchAll(re)) specs.push(m[1]!);
  return specs;
}

type Measured = { path: string; gzip: number; raw: number; source: string; via: string };

/** The gzip size as served, or gzip -9 of the bytes when the server sent another encoding. */
async function measure(url: string): Promise<{ gzip: number; raw: Buffer; source: string }> {
  const res = await get(url, { 'accept-encoding': 'gzip' });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  if (!/javascript/.test(String(res.headers['content-type']))) throw new Error(`GET ${url} is ${String(res.headers['content-type'])}, not a script`);
  const enc = String(res.headers['content-encoding'] ?? 'identity');
  if (enc === 'gzip') return { gzip: res.body.length, raw: zlib.gunzipSync(res.body), source: 'served gzip' };
  const raw = enc === 'br' ? zlib.brotliDecompressSync(res.body) : res.body;
  if (enc !== 'br' && enc !== 'identity') throw new Error(`GET ${url}: unexpected content-encoding ${enc}`);
  return { gzip: zlib.gzipSync(raw, { level: 9 }).length, raw, source: `${enc} → gzip -9 here` };
}

export async function firstLoadJs(): Promise<Row[]> {
  let app: Child | undefined;
  try {
    app = await startApp('app (demo catalog)', path.join(ROOT, 'demo/catalog.json'));
    const page = await get(`${app.url}/`, { 'accept-encoding': 'identity' });
    if (page.status !== 200) throw new Error(`GET / answered ${page.status}`);
    const origin = app.url;
    const queue = scriptsInHtml(page.body.toString('utf8'), `${origin}/`).filter((f) => f.url.startsWith(origin));
    const seen = new Map<string, Measured>();
    // static imports of those modules load at once too: follow them, so a gap in the preload list still counts
    while (queue.length) {
      const { url, via } = queue.shift()!;
      const key = new URL(url).pathname;
      if (seen.has(key)) continue;
      const m = await measure(url);
      seen.set(key, { path: key, gzip: m.gzip, raw: m.raw.length, source: m.source, via });
      // only path specifiers ("./chunk-x.js"): a bundle's strings can mention bare names like "react-router"
      for (const spec of importSpecifiers(m.raw.toString('utf8'), false).filter((s) => /^\.{0,2}\/.*\.m?js$/.test(s))) {
        const next = new URL(spec, url).href;
        if (next.startsWith(origin) && !seen.has(new URL(next).pathname)) queue.push({ url: next, via: `static import (${path.basename(key)})` });
      }
    }
    const files = [...seen.values()].sort((a, b) => b.gzip - a.gzip);
    const total = files.reduce((n, f) => n + f.gzip, 0);
    const missed = files.filter((f) => f.via.startsWith('static import'));
    const libraries = byLibrary(files);
    const floor = libraries?.filter((l) => FRAMEWORK.includes(l.name)).reduce((n, l) => n + l.gzip, 0);
    const over = total / 1024 - BUDGET_KB;
    return [
      {
        name: `first-load JS, gzip (${files.length} files)`,
        figure: kb(total),
        target: `≤ ${BUDGET_KB} KB`,
        ok: over <= 0,
        note:
          over > 0 && floor !== undefined ? `${over.toFixed(1)} KB over; React, React DOM and React Router alone are ${kb(floor)} (see the library rows)` : '',
      },
      ...files.map((f) => ({ name: `  ${f.path}`, figure: kb(f.gzip), note: `raw ${kb(f.raw)}; ${f.via}; ${f.source}` })),
      ...(missed.length
        ? [{ name: '  loaded but not modulepreloaded', figure: String(missed.length), note: missed.map((f) => path.basename(f.path)).join(', ') }]
        : []),
      ...(libraries
        ? libraries.map((l) => ({ name: `  library ${l.name}`, figure: kb(l.gzip), note: `${kb(l.minified)} minified, in ${l.files.join(', ')}` }))
        : [
            {
              name: '  per library',
              figure: 'not measured',
              note: `no ${path.relative(ROOT, BUNDLE_REPORT)} of this build: build with BUNDLE_REPORT=1 (npm run bench does)`,
            },
          ]),
    ];
  } finally {
    await app?.stop();
  }
}

type Library = { name: string; gzip: number; minified: number; files: string[] };

/** What a module is counted under: its npm package, or the part of the app it belongs to. */
function libraryOf(id: string): string {
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id);
  if (pkg) return pkg[1]!;
  const app = /\/src\/(domain|web\/features\/[^/]+|web\/lib|web)\//.exec(id);
  if (app) return `app ${app[1]}`;
  return 'bundler runtime';
}

type Report = { nodeParts: Record<string, { renderedLength: number }>; nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }> };

/**
 * The first load's gzip bytes per library, from the bundle report: each module's minified
 * bytes (through the source maps) and, as its gzip size, the same share of its file's
 * gzip size. Gzip works across module borders, so this is an estimate; the shares add up
 * to the files' sizes. Undefined when the report is missing or of another build.
 */
function byLibrary(files: Array<{ path: string; gzip: number }>, reportPath = BUNDLE_REPORT): Library[] | undefined {
  if (!existsSync(reportPath)) return undefined;
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as Report;
  const perFile = new Map<string, Map<string, number>>();
  for (const meta of Object.values(report.nodeMetas)) {
    for (const [file, part] of Object.entries(meta.moduleParts)) {
      const bytes = report.nodeParts[part]?.renderedLength ?? 0;
      const libs = perFile.get(`/${file}`) ?? new Map<string, number>();
      libs.set(libraryOf(meta.id), (libs.get(libraryOf(meta.id)) ?? 0) + bytes);
      perFile.set(`/${file}`, libs);
    }
  }
  const measured = files.filter((f) => perFile.has(f.path));
  if (measured.length === 0) return undefined;
  const out = new Map<string, Library>();
  for (const f of measured) {
    const libs = perFile.get(f.path)!;
    const all = [...libs.values()].reduce((n, b) => n + b, 0);
    for (const [name, bytes] of libs) {
      if (bytes === 0) continue;
      const lib = out.get(name) ?? { name, gzip: 0, minified: 0, files: [] };
      lib.gzip += (f.gzip * bytes) / all;
      lib.minified += bytes;
      lib.files.push(path.basename(f.path).replace(/-[\w-]{8}\.js$/, ''));
      out.set(name, lib);
    }
  }
  return [...out.values()].sort((a, b) => b.gzip - a.gzip);
}
