import { postJson, type ApiResult } from '../../../lib/api.ts';
import { asUser, type AuthAnswer } from '../../../lib/session.ts';

/**
 * The auth calls of spec §7 as the modals use them. An answer is the server's (an auth
 * answer, or a send's `status`); a failure carries the server's words, or null when no
 * answer came (§8: the caller shows 'There was an error connecting to the server.').
 */
export type Via = 'email' | 'phone';
/** How a phone's code goes: a text message or WhatsApp (issue 40); absent, the shop's default. */
export type Route = 'sms' | 'whatsapp';
export type AuthOutcome<T> = { ok: true; data: T } | { ok: false; reason: string | null };

type Sent = { status: string; errorMessage?: string | null };

const outcome = <T>(res: ApiResult<T>, good: (data: T) => boolean): AuthOutcome<T> => {
  if (res.ok && good(res.data)) return { ok: true, data: res.data };
  if (res.ok) return { ok: false, reason: (res.data as { errorMessage?: string | null }).errorMessage ?? null };
  const e = res.error;
  return { ok: false, reason: e ? (e.fields?.[0]?.message ?? e.errorMessage ?? e.message ?? null) : null };
};

const signedIn = (a: AuthAnswer) => a.success && !!a.authToken && !!a.user;
const succeeded = (a: { success: boolean }) => a.success;
/** §7: a code send worked only when its status is 'success'. */
const sent = (a: Sent) => a.status === 'success';

const idField = (via: Via) => (via === 'email' ? 'email' : 'phoneNumber');
const post = <T>(path: string, body: object) => postJson<T>(`/api/auth/${path}`, body);
/** A phone's code says how it goes; an e-mail's has nothing to choose. */
const routed = (via: Via, route: Route | undefined) => (via === 'phone' && route ? { via: route } : {});

export const authCalls = {
  login: async (via: Via, id: string, password: string) =>
    outcome(await post<AuthAnswer>(`${via}/login`, { [via === 'email' ? 'email' : 'phone']: id, password }), signedIn),
  emailSignup: async (body: { name: string; email: string; password: string }) => outcome(await post<AuthAnswer>('email/signup', body), succeeded),
  sendOtpForSignup: async (name: string, phoneNumber: string, route?: Route) =>
    outcome(await post<Sent>('phone/sendOtpForSignup', { name, phoneNumber, via: route }), sent),
  phoneSignup: async (body: { name: string; phoneNumber: string; password: string; otp: string }) =>
    outcome(await post<AuthAnswer>('phone/signup', body), signedIn),
  sendOtp: async (via: Via, id: string, route?: Route) => outcome(await post<Sent>(`${via}/sendOtp`, { [idField(via)]: id, ...routed(via, route) }), sent),
  verifyOtp: async (via: Via, id: string, receivedOtp: string) =>
    outcome(await post<AuthAnswer>(`${via}/verifyOtp`, { [idField(via)]: id, receivedOtp }), signedIn),
  sendCodeForPasswordReset: async (via: Via, id: string, route?: Route) =>
    outcome(await post<Sent>(`${via}/sendCodeForPasswordReset`, { [idField(via)]: id, ...routed(via, route) }), sent),
  verifyCodeForPasswordReset: async (via: Via, id: string, otp: string) =>
    outcome(await post<AuthAnswer>(`${via}/verifyCodeForPasswordReset`, { [idField(via)]: id, otp }), succeeded),
  resetPassword: async (via: Via, id: string, password: string, otp: string) =>
    outcome(await post<AuthAnswer>(`${via}/resetPassword`, { [idField(via)]: id, password, otp }), signedIn),
  sendOtpForVerification: async (phoneNumber: string) =>
    outcome(await asUser((h) => postJson<Sent>('/api/auth/phone/sendOtpForVerification', { phoneNumber }, h)), sent),
  updatePhone: async (newPhoneNumber: string, otp: string) =>
    outcome(await asUser((h) => postJson<AuthAnswer>('/api/auth/phone/updatePhone', { newPhoneNumber, otp }, h)), signedIn),
  updateEmail: async (newEmail: string, otp?: string) =>
    outcome(await asUser((h) => postJson<AuthAnswer & Sent>('/api/auth/email/updateEmail', { newEmail, otp }, h)), (a) => (otp ? signedIn(a) : sent(a))),
};
