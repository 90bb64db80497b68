import path from 'node:path';
import zlib from 'node:zlib';
import { get, kb, ROOT, startApp, type Child, type Row } from './support.ts';

const BUDGET_KB = 140;

type Found = { url: string; via: string };

/** Every script the HTML makes the browser load at once: src, modulepreload, inline module imports. */
export function scriptsInHtml(html: string, base: string): Found[] {
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
    return [
      { name: `first-load JS, gzip (${files.length} files)`, figure: kb(total), target: `≤ ${BUDGET_KB} KB`, ok: total / 1024 <= BUDGET_KB },
      ...files.map((f) => ({ name: `  ${f.path}`, figure: kb(f.gzip), note: `raw ${kb(f.raw)}; ${f.via}; ${f.source}` })),
      ...(missed.length ? [{ name: '  loaded but not modulepreloaded', figure: String(missed.length), note: missed.map((f) => path.basename(f.path)).join(', ') }] : []),
    ];
  } finally {
    await app?.stop();
  }
}
