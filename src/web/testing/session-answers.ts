import type { AuthAnswer } from '../lib/session.ts';

/** A JSON answer as the server sends it, for a stubbed `fetch`. */
export const jsonAnswer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The refresh call's answer for `user`: logged in, with the access token 'fresh-token'. */
export const signedIn = (user: { id: string; name: string }) =>
  ({ success: true, authToken: 'fresh-token', user: { ...user, email: null, phoneNumber: null }, errorCode: null, errorMessage: null }) satisfies AuthAnswer;
