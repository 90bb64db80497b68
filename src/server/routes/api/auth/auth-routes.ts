import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authMessages, type AuthErrorCode } from '../../../../domain/auth-messages.ts';
import { EMAIL } from '../../../../domain/checkout-rules.ts';
import type { OneTimeCodeRepository } from '../../../db/repositories/one-time-code-repository.ts';
import type { RefreshTokenRepository } from '../../../db/repositories/refresh-token-repository.ts';
import { publicUser, type PublicUser, type UserRepository } from '../../../db/repositories/user-repository.ts';
import { publicOrigin } from '../../../public-origin.ts';
import type { AccessTokens } from '../../../services/access-tokens.ts';
import type { Mailer } from '../../../services/mailer.ts';
import { hashPassword, MAX_PASSWORD, passwordProblem, verifyPassword } from '../../../services/passwords.ts';

/** The refresh token's cookie: never readable by scripts, sent only to the auth calls. */
export const REFRESH_COOKIE = 'sf_refresh';
/** A readable marker with no secret in it: the browser asks for a session only when it is there. */
export const SIGNED_IN_COOKIE = 'sf_signed_in';
const COOKIE_PATH = '/api/auth';
/** Sign-ups, confirmations and logins per client address: plenty for a person, little for a script. */
export const ATTEMPTS = { max: 20, timeWindow: 60_000 };
const REFRESHES = { max: 60, timeWindow: 60_000 };

type Options = {
  shopTitle: string;
  users: UserRepository;
  codes: OneTimeCodeRepository;
  refreshTokens: RefreshTokenRepository;
  accessTokens: AccessTokens;
  mailer: Mailer | undefined;
  publicUrl: string | undefined;
};

type AuthAnswer = { success: boolean; authToken: string | null; user: PublicUser | null; errorCode: AuthErrorCode | null; errorMessage: string | null };

const failure = (errorCode: AuthErrorCode, errorMessage: string): AuthAnswer => ({ success: false, authToken: null, user: null, errorCode, errorMessage });

const emailField = z.string().trim().toLowerCase().max(254).refine((e) => EMAIL.test(e), authMessages.email);
const passwordField = z.string().max(MAX_PASSWORD * 4, authMessages.passwordTooLong);

const passwordMessages = { too_short: authMessages.passwordTooShort, too_long: authMessages.passwordTooLong, common: authMessages.passwordCommon } as const;

/**
 * Sign-up, confirmation, login, refresh and logout by e-mail and password (spec §7, issue
 * 5; decision 018). Sign-up answers alike for new and known addresses and proves the
 * address by a link before the account works.
 */
export const authRoutes: FastifyPluginAsync<Options> = async (app, { shopTitle, users, codes, refreshTokens, accessTokens, mailer, publicUrl }) => {
  await app.register(cookie);
  // guessing passwords and codes, or flooding addresses with e-mail, is slowed per client address
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) => ({ statusCode: 429, code: 'too_many_requests', message: `Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.` }),
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();

  /** Logs the user in: a fresh access token in the answer, a new refresh family in the cookie. */
  async function signIn(req: FastifyRequest, reply: FastifyReply, user: PublicUser & { role?: string }): Promise<AuthAnswer> {
    const refresh = await refreshTokens.issue(user.id);
    setRefreshCookie(req, reply, refresh.token, refresh.expiresAt);
    const authToken = await accessTokens.issue({ userId: user.id, role: user.role === 'owner' ? 'owner' : 'customer' });
    return { success: true, authToken, user: publicUser({ id: user.id, name: user.name, email: user.email, phone: user.phoneNumber }), errorCode: null, errorMessage: null };
  }

  function setRefreshCookie(req: FastifyRequest, reply: FastifyReply, token: string, expiresAt: number) {
    const maxAge = Math.floor((expiresAt - Date.now()) / 1000);
    const secure = req.protocol === 'https';
    reply.setCookie(REFRESH_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure, path: COOKIE_PATH, maxAge });
    reply.setCookie(SIGNED_IN_COOKIE, '1', { sameSite: 'strict', secure, path: '/', maxAge });
  }
  const clearRefreshCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH }).clearCookie(SIGNED_IN_COOKIE, { path: '/' });

  async function send(to: string, subject: string, text: string): Promise<void> {
    if (!mailer) {
      app.log.info('auth e-mail not sent: SMTP_URL is not set');
      return;
    }
    const html = `<p>${text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/\n/g, '<br>')}</p>`;
    await mailer.send({ to, subject, text, html }).catch((err: unknown) => app.log.warn({ err: (err as Error).message }, 'auth e-mail not sent'));
  }

  typed.post(
    '/auth/email/signup',
    { config: { rateLimit: ATTEMPTS }, schema: { body: z.object({ name: z.string().trim().min(2, authMessages.name).max(120), email: emailField, password: passwordField }) } },
    async (req, reply) => {
      const { name, email, password } = req.body;
      const problem = passwordProblem(password);
      if (problem) return reply.code(400).send({ ...failure('bad_request', passwordMessages[problem]), fields: [{ path: 'password', message: passwordMessages[problem] }] });
      const existing = await users.byEmail(email);
      // hashed for a known address too: both answers take as long
      const passwordHash = await hashPassword(password);
      if (existing?.email_verified) {
        await send(email, `Your account at ${shopTitle}`, `Someone, probably you, tried to sign up at ${shopTitle} with this address. You already have an account: log in, or reset your password if you forgot it.`);
      } else {
        await users.savePendingEmailSignup({ name, email, passwordHash });
        const issued = await codes.issue('verify', email);
        if (issued.ok) {
          const link = `${publicOrigin(req, publicUrl)}/email-confirmed#${new URLSearchParams({ email, code: issued.code }).toString()}`;
          await send(email, `Confirm your e-mail address for ${shopTitle}`, `Welcome to ${shopTitle}! Open this link within 10 minutes to confirm your address and finish signing up:\n${link}\n\nYour code: ${issued.code}`);
        }
      }
      // the same answer whether or not the address had an account
      return { success: true, authToken: null, user: null, errorCode: 'confirm_email', errorMessage: authMessages.confirmEmail } satisfies AuthAnswer;
    },
  );

  typed.post('/auth/email/confirm', { config: { rateLimit: ATTEMPTS }, schema: { body: z.object({ email: emailField, code: z.string().trim().max(12) }) } }, async (req, reply) => {
    const used = await codes.consume('verify', req.body.email, req.body.code);
    const user = used.ok ? await users.byEmail(req.body.email) : undefined;
    if (!user) return reply.code(400).send(failure('invalid_code', authMessages.invalidCode));
    await users.confirmEmail(req.body.email);
    return signIn(req, reply, { ...publicUser(user), role: user.role });
  });

  typed.post('/auth/email/login', { config: { rateLimit: ATTEMPTS }, schema: { body: z.object({ email: emailField, password: passwordField }) } }, async (req, reply) => {
    const user = await users.byEmail(req.body.email);
    // the password is checked even for an unknown address, so both take as long
    const right = await verifyPassword(req.body.password, user?.password_hash ?? null);
    if (!user || !right || !user.email_verified) return reply.code(401).send(failure('invalid_credentials', authMessages.invalidCredentials));
    return signIn(req, reply, { ...publicUser(user), role: user.role });
  });

  app.post('/auth/refresh', { config: { rateLimit: REFRESHES } }, async (req, reply) => {
    const token = req.cookies[REFRESH_COOKIE];
    const rotated = token ? await refreshTokens.rotate(token) : null;
    const user = rotated?.ok ? await users.byId(rotated.userId) : undefined;
    if (!rotated?.ok || !user) {
      clearRefreshCookie(reply);
      return reply.code(401).send(failure('session_expired', authMessages.sessionExpired));
    }
    setRefreshCookie(req, reply, rotated.token, rotated.expiresAt);
    const authToken = await accessTokens.issue({ userId: user.id, role: user.role === 'owner' ? 'owner' : 'customer' });
    return { success: true, authToken, user: publicUser(user), errorCode: null, errorMessage: null } satisfies AuthAnswer;
  });

  app.post('/auth/logout', async (req, reply) => {
    const token = req.cookies[REFRESH_COOKIE];
    if (token) await refreshTokens.revokeFamilyOf(token);
    clearRefreshCookie(reply);
    return { success: true };
  });
};
