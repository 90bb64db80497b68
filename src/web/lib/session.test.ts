import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer, signedIn } from '../testing/session-answers.ts';
import { getJson } from './api.ts';
import { asUser, useSession } from './session.ts';

const signedInAnswer = signedIn({ id: 'u-asha', name: 'Asha' });

/** A server whose orders call answers `first` once, then 200; the requests it saw, in order. */
function server(first: Response) {
  const seen: Array<{ url: string; authorization: string | undefined }> = [];
  let answered = false;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    seen.push({ url, authorization: (init.headers as Record<string, string>).authorization });
    if (url === '/api/auth/refresh') return jsonAnswer(200, signedInAnswer);
    if (answered) return jsonAnswer(200, { orders: [] });
    answered = true;
    return first;
  });
  return seen;
}

describe('a call as the logged-in shopper (§4, §8)', () => {
  beforeEach(() => useSession.setState({ status: 'user', user: signedInAnswer.user, token: 'old-token' }));
  afterEach(() => vi.unstubAllGlobals());

  it('an expired token, told by its errorCode whatever the words: one refresh, then the call again with the new token', async () => {
    const seen = server(jsonAnswer(401, { success: false, errorCode: 'access_token_expired', errorMessage: 'Sitzung abgelaufen' }));
    const res = await asUser((headers) => getJson('/api/user/orders', headers));
    expect(res).toEqual({ ok: true, status: 200, data: { orders: [] } });
    expect(seen).toEqual([
      { url: '/api/user/orders', authorization: 'Bearer old-token' },
      { url: '/api/auth/refresh', authorization: undefined },
      { url: '/api/user/orders', authorization: 'Bearer fresh-token' },
    ]);
  });

  it('any other 401 is the answer: no refresh, no second call', async () => {
    const seen = server(jsonAnswer(401, { success: false, errorCode: 'invalid_credentials', errorMessage: 'Invalid credentials' }));
    const res = await asUser((headers) => getJson('/api/user/orders', headers));
    expect(res).toMatchObject({ ok: false, status: 401, error: { errorCode: 'invalid_credentials' } });
    expect(seen.map((s) => s.url)).toEqual(['/api/user/orders']);
  });
});
