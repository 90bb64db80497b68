import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { testDatabases } from '../../testing/databases.ts';
import { useTestApp } from '../../testing/test-app.ts';
import { useOwnerAndCustomer } from '../../testing/users.ts';

/**
 * Every owner call, as the API's own description lists them (tagged `owner`), answers anyone
 * but the owner exactly as a call that does not exist — a guest, a shopper, with a body or
 * with a 10 MB one — while the owner is let through. A call added to /admin/api is covered
 * the day it is added: owner-api.ts checks the owner once for all of them.
 */
const secret = randomBytes(32);
const tokens = createAccessTokens(secret);

describe('every /admin/api call is the owner’s alone', () => {
  const shop = useTestApp(testDatabases[0]!, { authSecret: secret });
  const token = useOwnerAndCustomer(shop, tokens);

  async function ownerCalls(): Promise<Array<{ method: string; url: string }>> {
    const document = (await shop.app.inject({ url: '/api/docs/openapi.json' })).json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>();
    return Object.entries(document.paths).flatMap(([url, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.tags?.includes('owner'))
        // a path parameter filled with a word of its own
        .map(([method, _]) => ({ method: method.toUpperCase(), url: url.replace(/\{[^}]+\}/g, 'x1') })),
    );
  }

  it('answers a guest and a shopper as a call that does not exist, whatever they send', async () => {
    const calls = await ownerCalls();
    // the owner's screens make more than twenty kinds of call
    expect(calls.length).toBeGreaterThan(20);
    const nothing = await shop.app.inject({ method: 'POST', url: '/admin/api/no-such-call', payload: {} });
    expect(nothing.statusCode).toBe(404);
    for (const { method, url } of calls) {
      for (const headers of [{}, { authorization: `Bearer ${token.asha}` }]) {
        const sent = method === 'GET' || method === 'DELETE' ? {} : { payload: { anything: 'at all' } };
        const res = await shop.app.inject({ method: method as 'GET', url, headers, ...sent });
        expect({ call: `${method} ${url}`, status: res.statusCode, body: res.body }).toEqual({ call: `${method} ${url}`, status: 404, body: nothing.body });
      }
    }
    // nobody but the owner sends the server a large photo: refused before it is read
    const big = await shop.app.inject({
      method: 'POST',
      url: '/admin/api/products/x1/images',
      headers: { authorization: `Bearer ${token.asha}`, 'content-type': 'image/jpeg' },
      payload: Buffer.alloc(11 * 1024 * 1024),
    });
    expect(big.statusCode).toBe(404);
  });

  it('lets the owner through to every one of them', async () => {
    const nothing = (await shop.app.inject({ method: 'POST', url: '/admin/api/no-such-call', payload: {} })).body;
    for (const { method, url } of await ownerCalls()) {
      const sent = method === 'GET' || method === 'DELETE' ? {} : { payload: {} };
      const headers = { authorization: `Bearer ${token.priya}` };
      if (url === '/admin/api/events') {
        // the board's feed stays open: its first bytes are the answer
        const feed = await shop.app.inject({ url, headers, payloadAsStream: true });
        expect(feed.headers['content-type']).toContain('text/event-stream');
        feed.stream().destroy();
        continue;
      }
      const res = await shop.app.inject({ method: method as 'GET', url, headers, ...sent });
      // the call's own answer (its data, a 400 naming fields, its own not-found), never the answer to no call at all
      expect({ call: `${method} ${url}`, body: res.body === nothing }).toEqual({ call: `${method} ${url}`, body: false });
    }
  });
});
