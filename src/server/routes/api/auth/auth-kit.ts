import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authMessages, type AuthErrorCode } from '../../../../domain/auth-messages.ts';
import type { CodePurpose, OneTimeCodeRepository } from '../../../db/repositories/one-time-code-repository.ts';
import { publicUser, type ChannelName, type PublicUser, type UserRepository } from '../../../db/repositories/user-repository.ts';
import type { AccessTokens } from '../../../services/access-tokens.ts';
import { textMail, type Mailer } from '../../../services/mailer.ts';
import type { Passwords } from '../../../services/passwords.ts';
import { emailField, phoneField } from '../../../services/account-fields.ts';
import type { CallerVerification } from '../../../services/caller-verification.ts';
import type { Sessions } from '../../../services/sessions.ts';
import type { SharedState } from '../../../services/shared-state.ts';
import type { SmsSender } from '../../../services/sms.ts';

/** What the auth calls are built from; app.ts passes it in. */
export type AuthOptions = {
  /** The shop's title now, for the texts of codes and links (a reload may change it). */
  shopTitle: () => string;
  users: UserRepository;
  codes: OneTimeCodeRepository;
  /** Logins: refresh-token families and the sessions that ended (services/sessions.ts). */
  sessions: Sessions;
  /** Password hashing, refused past a bound of hashes under way (services/passwords.ts). */
  passwords: Passwords;
  accessTokens: AccessTokens;
  mailer: Mailer | undefined;
  sms: SmsSender | undefined;
  /** Codes by WhatsApp (the shop's authentication template through the Cloud API, issue 40), when it is set up. */
  whatsappCodes?: WhatsAppCodes | undefined;
  /** DEMO_CODES_IN_LOG: codes with no transport to go by are written to the log (the demo shop); else those codes are not offered. */
  codesInLog: boolean;
  publicUrl: string | undefined;
  /** Caller verification, when the shop config turns it on (decision 020). */
  callerVerification?: { verification: CallerVerification; shopId: string } | undefined;
  /** Where the attempt counters live: shared through Redis between instances (services/shared-state.ts). */
  rateLimits: SharedState['rateLimits'];
};

/** Sends a one-time code as the shop's WhatsApp authentication template; rejects with a reason that names no secret. */
export type WhatsAppCodes = { send(to: string, code: string): Promise<void> };

/** Where a code to a phone goes: a text message, or WhatsApp. */
export type PhoneRoute = 'sms' | 'whatsapp';

/** The optional `via` of the calls that send a phone a code. */
export const phoneRouteField = z.enum(['sms', 'whatsapp']).optional();

/** Spec §7: every auth answer has these five fields. */
export type AuthAnswer = { success: boolean; authToken: string | null; user: PublicUser | null; errorCode: AuthErrorCode | null; errorMessage: string | null };

export const failure = (errorCode: AuthErrorCode, errorMessage: string): AuthAnswer => ({
  success: false,
  authToken: null,
  user: null,
  errorCode,
  errorMessage,
});

/** §7's answer to a code send: the browser checks `status === 'success'`. */
const SENT = { status: 'success', success: true, errorCode: null, errorMessage: null } as const;

/** The refresh token's cookie: never readable by scripts, sent only to the auth calls. */
export const REFRESH_COOKIE = 'sf_refresh';
/** A readable marker with no secret in it: the browser asks for a session only when it is there. */
const SIGNED_IN_COOKIE = 'sf_signed_in';
const COOKIE_PATH = '/api/auth';

/** Logins, sign-ups and code checks per client address and call: plenty for a person, little for a script. */
export const ATTEMPTS = { max: 20, timeWindow: 60_000 };
/** Codes sent per client address per hour, over every call that sends one. */
const CODE_SENDS_PER_IP = { max: 30, timeWindow: 60 * 60_000 };

/** The line under every code in a message. */
export const CODE_VALIDITY = 'It is valid for 10 minutes. Never share it with anyone.';

export const passwordMessages = {
  too_short: authMessages.passwordTooShort,
  too_long: authMessages.passwordTooLong,
  common: authMessages.passwordCommon,
  trivial: authMessages.passwordTrivial,
  personal: authMessages.passwordPersonal,
} as const;

/** One way of reaching a user, with what differs between e-mail and phone. */
export type Channel = {
  name: ChannelName;
  /** The body field naming the identifier in sendOtp, verifyOtp and the reset calls. */
  field: 'email' | 'phoneNumber';
  /** The body field of the password login (§3 Payloads: {phone, password} or {email, password}). */
  loginField: 'email' | 'phone';
  schema: typeof emailField | typeof phoneField;
  wrongCredentials: string;
};

export const channels: Record<ChannelName, Channel> = {
  email: { name: 'email', field: 'email', loginField: 'email', schema: emailField, wrongCredentials: authMessages.invalidCredentials },
  phone: { name: 'phone', field: 'phoneNumber', loginField: 'phone', schema: phoneField, wrongCredentials: authMessages.invalidPhoneCredentials },
};

/** The sessions, cookies and messages every auth call shares. */
export function createAuthKit(app: FastifyInstance, options: AuthOptions) {
  const { users, codes, sessions, accessTokens, mailer, sms, whatsappCodes, shopTitle, codesInLog } = options;
  const reaches = codeChannels(options);
  const log: FastifyBaseLogger = app.log;
  const codeSendsPerIp = app.createRateLimit(CODE_SENDS_PER_IP);
  // a shop public over https sends its cookies over https only, whatever a proxy in front says (or fails to say) about the request
  const httpsShop = options.publicUrl?.startsWith('https:') ?? false;
  const cookieOptions = (req: FastifyRequest) => ({ sameSite: 'strict' as const, secure: httpsShop || req.protocol === 'https' });

  function setRefreshCookie(req: FastifyRequest, reply: FastifyReply, token: string, expiresAt: number) {
    const maxAge = Math.floor((expiresAt - Date.now()) / 1000);
    reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions(req), httpOnly: true, path: COOKIE_PATH, maxAge });
    reply.setCookie(SIGNED_IN_COOKIE, '1', { ...cookieOptions(req), path: '/', maxAge });
  }

  /** An access token of the user in the session (login) it belongs to. */
  const accessToken = (user: { id: string; role: string }, sessionId: string) =>
    accessTokens.issue({ userId: user.id, role: user.role === 'owner' ? 'owner' : 'customer', sessionId });

  /**
   * Delivery of a message: SMTP or the SMS provider; without one, the server log, but only
   * in the demo (DEMO_CODES_IN_LOG). A production log is read by more people than the
   * shopper, so there the message (its code) is dropped; the calls that need it answer 503 first.
   */
  async function deliver(
    channel: ChannelName,
    to: string,
    subject: string,
    text: string,
    code?: { code: string; purpose: CodePurpose; route: PhoneRoute },
  ): Promise<void> {
    if (channel === 'email' && mailer) return mailer.send(textMail(to, subject, text));
    if (channel === 'phone' && code?.route === 'whatsapp' && whatsappCodes) return whatsappCodes.send(to, code.code);
    if (channel === 'phone' && sms) return sms.send(to, text, code?.purpose);
    const unset = channel === 'email' ? 'SMTP_URL' : 'SMS_URL';
    if (codesInLog) return void log.warn({ to, text }, `${unset} is not set: this message is written to the log instead of being sent (DEMO_CODES_IN_LOG)`);
    log.error(`${channel} message not sent: ${unset} is not set`);
  }

  /** A message that must not hold up the answer (its timing would tell whether an account exists). */
  function deliverLater(channel: ChannelName, to: string, subject: string, text: string, code?: { code: string; purpose: CodePurpose; route: PhoneRoute }) {
    deliver(channel, to, subject, text, code).catch((err: unknown) => log.warn({ err: (err as Error).message }, `${channel} message not sent`));
  }

  /** 503 for a call that needs a code or a link the shop cannot send (`codeChannels`), before anything is issued. */
  const notAvailable = (reply: FastifyReply, message: string) => reply.code(503).send({ status: 'error', ...failure('codes_unavailable', message) });

  return {
    setRefreshCookie,
    deliverLater,
    reaches,
    notAvailable,
    clearRefreshCookie: (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH }).clearCookie(SIGNED_IN_COOKIE, { path: '/' }),
    accessToken,

    /** Logs the user in: a new session, its refresh token in the cookie and a fresh access token in the answer. */
    async signIn(
      req: FastifyRequest,
      reply: FastifyReply,
      user: { id: string; name: string; email: string | null; phone: string | null; role: string },
    ): Promise<AuthAnswer> {
      const session = await sessions.start(user.id);
      setRefreshCookie(req, reply, session.token, session.expiresAt);
      return { success: true, authToken: await accessToken(user, session.sessionId), user: publicUser(user), errorCode: null, errorMessage: null };
    },

    /**
     * Issues a code for `purpose` and `to` and sends it (unless `send` is false: a reset
     * for an unknown identifier is issued and kept, never sent, so the cooldown behaves
     * alike for everyone). Answers 429 with Retry-After past the per-identifier cooldown
     * and cap or the per-address hourly cap; 502 when the provider refused the message.
     */
    async sendCode(
      req: FastifyRequest,
      reply: FastifyReply,
      input: {
        channel: ChannelName;
        purpose: CodePurpose;
        to: string;
        text: (code: string) => string;
        send: boolean;
        wait: boolean;
        /** A phone's code by text message or WhatsApp, as the shopper chose; unsaid: a text message when the shop sends them, else WhatsApp. */
        via?: PhoneRoute | undefined;
      },
    ) {
      // alike for known and unknown identifiers
      if (!reaches[input.channel]) return notAvailable(reply, authMessages.codesUnavailable[input.channel]);
      const route: PhoneRoute = input.via ?? (sms || !whatsappCodes ? 'sms' : 'whatsapp');
      if (input.channel === 'phone' && route === 'whatsapp' && !whatsappCodes) return notAvailable(reply, authMessages.whatsappCodesUnavailable);
      if (input.channel === 'phone' && route === 'sms' && !sms && !codesInLog) return notAvailable(reply, authMessages.codesUnavailable.phone);
      const perIp = await codeSendsPerIp(req);
      const issued = perIp.isAllowed || !perIp.isExceeded ? await codes.issue(input.purpose, input.to) : { ok: false as const, retryAfterMs: perIp.ttl };
      if (!issued.ok) {
        const seconds = Math.max(1, Math.ceil(issued.retryAfterMs / 1000));
        return reply
          .code(429)
          .header('retry-after', String(seconds))
          .send({ status: 'error', ...failure('too_many_codes', authMessages.waitForCode(seconds)) });
      }
      if (!input.send) return SENT;
      const subject = `Your code for ${shopTitle()}`;
      const text = input.text(issued.code);
      const code = { code: issued.code, purpose: input.purpose, route };
      if (!input.wait) {
        deliverLater(input.channel, input.to, subject, text, code);
        return SENT;
      }
      try {
        await deliver(input.channel, input.to, subject, text, code);
        return SENT;
      } catch (err) {
        log.warn({ err: (err as Error).message }, `${input.channel} code not sent`);
        return reply.code(502).send({ status: 'error', ...failure('code_not_sent', authMessages.codeNotSent) });
      }
    },

    users,
    codes,
    sessions,
    passwords: options.passwords,
    shopTitle,
  };
}

export type AuthKit = ReturnType<typeof createAuthKit>;

/**
 * The channels a one-time code (or a sign-up link) can reach a shopper by: those with a
 * transport, and in the demo every one (to the log). The browser offers code login,
 * sign-up and resets only by these (app.ts hands them to the pages' root loader).
 */
export function codeChannels(options: Pick<AuthOptions, 'mailer' | 'sms' | 'codesInLog' | 'whatsappCodes'>): Record<ChannelName, boolean> {
  return { email: !!options.mailer || options.codesInLog, phone: !!options.sms || !!options.whatsappCodes || options.codesInLog };
}

/** How a phone's code can go: by text message (or the demo's log), by WhatsApp. The sign-in modal offers the choice when both can. */
export function phoneRoutes(options: Pick<AuthOptions, 'sms' | 'codesInLog' | 'whatsappCodes'>): Record<PhoneRoute, boolean> {
  return { sms: !!options.sms || options.codesInLog, whatsapp: !!options.whatsappCodes };
}
