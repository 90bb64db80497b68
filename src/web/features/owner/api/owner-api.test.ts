import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer, signedIn } from '../../../testing/session-answers.ts';
import { useSession } from '../../../lib/session.ts';
import { watchOrders } from './owner-api.ts';

const signedInAnswer = signedIn({ id: 'u-owner', name: 'Owner' });

/** Connects the live feed once against a server whose feed answers `refusal`; the addresses it asked, in order. */
async function connectOnce(refusal: Response): Promise<string[]> {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return url === '/api/auth/refresh' ? jsonAnswer(200, signedInAnswer) : refusal;
  });
  let stop = () => {};
  // the feed says it is not live once the attempt is over, before it waits to reconnect
  await new Promise<void>((attemptOver) => {
    stop = watchOrders(
      () => {},
      (live) => !live && attemptOver(),
    );
  });
  stop();
  return asked;
}

describe("the owner's live feed meets a 401 (§4, §8)", () => {
  beforeEach(() => useSession.setState({ status: 'user', user: signedInAnswer.user, token: 'old-token' }));
  afterEach(() => vi.unstubAllGlobals());

  it('an expired access token, told by its errorCode whatever the words: one refresh, and the next try has the new token', async () => {
    const asked = await connectOnce(jsonAnswer(401, { success: false, errorCode: 'access_token_expired', errorMessage: 'Sitzung abgelaufen' }));
    expect(asked).toEqual(['/admin/api/events', '/api/auth/refresh']);
    expect(useSession.getState().token).toBe('fresh-token');
  });

  it('any other 401 is no reason to refresh: the session is left as it is', async () => {
    const asked = await connectOnce(jsonAnswer(401, { success: false, errorCode: 'invalid_credentials', errorMessage: 'Invalid credentials' }));
    expect(asked).toEqual(['/admin/api/events']);
    expect(useSession.getState().token).toBe('old-token');
  });
});
