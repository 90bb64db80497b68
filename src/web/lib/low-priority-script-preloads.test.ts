import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowPriorityScriptPreloads } from './low-priority-script-preloads.ts';

const page =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/></head><body><p>₹499.50</p>' +
  '<link rel="modulepreload" href="/assets/framework.js"/><link rel="modulepreload" href="/assets/shell.js"/><script type="module">import "/assets/entry.js"</script></body></html>';
const expected = page.replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ');

/** The page through the transform, cut into chunks of `size` bytes. */
async function through(size: number): Promise<string> {
  const bytes = Buffer.from(page);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return text(Readable.from(chunks).pipe(lowPriorityScriptPreloads()));
}

describe('lowPriorityScriptPreloads', () => {
  it('marks every script preload low priority, in the head or the body, and leaves the rest as it was', async () => {
    expect(await through(page.length)).toBe(expected);
  });

  it('finds a tag, or a character, split between chunks', async () => {
    // every chunk size from 1 byte up cuts the tags (and the ₹ sign's three bytes) at every place
    for (let size = 1; size <= 60; size++) expect(await through(size)).toBe(expected);
  });
});
