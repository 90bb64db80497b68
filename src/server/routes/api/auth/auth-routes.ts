import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authMessages } from '../../../../domain/auth-messages.ts';
import { publicUser } from '../../../db/repositories/user-repository.ts';
import { mailOrigin, NO_PUBLIC_URL } from '../../../public-origin.ts';
import { passwordProblem, PasswordsBusy } from '../../../services/passwords.ts';
import { accountChangeRoutes } from './account-change-routes.ts';
import { codeField, emailField, nameField, passwordField } from '../../../services/account-fields.ts';
import { ATTEMPTS, createAuthKit, failure, passwordMessages, REFRESH_COOKIE, type AuthAnswer, type AuthOptions } from './auth-kit.ts';
import { callerRoutes } from './caller-routes.ts';
import { channelRoutes } from './channel-routes.ts';

const REFRESHES = { max: 60, timeWindow: 60_000 };

/**
 * Every auth call of spec §7 (decision 018): e-mail sign-up with a confirmation link,
 * password and one-time-code login by e-mail or phone, phone sign-up, password reset,
 * contact changes, and the session's refresh and logout.
 */
export const authRoutes: FastifyPluginAsync<AuthOptions> = async (app, options) => {
  await app.register(cookie);
  // guessing passwords and codes, or flooding people with messages, is slowed per client address
  await app.register(rateLimit, { ...options.rateLimits, global: false });
  const kit = createAuthKit(app, options);
  const { users, codes, sessions, passwords, shopTitle } = kit;
  // a burst of logins beyond what the password hashing takes on is told to come back, not queued without end
  // (async: whatever else is thrown, a rate limit's plain object included, goes on to the app's handler)
  app.setErrorHandler(async (err, _req, reply) => {
    if (!(err instanceof PasswordsBusy)) throw err;
    return reply
      .code(503)
      .header('retry-after', String(err.retryAfterSeconds))
      .send(failure('busy', authMessages.busy(err.retryAfterSeconds)));
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();

  /**
   * E-mail sign-up answers alike for new and known addresses; the account works once the
   * e-mailed link (or its code) proves the address.
   */
  typed.post(
    '/auth/email/signup',
    { config: { rateLimit: ATTEMPTS }, schema: { body: z.object({ name: nameField, email: emailField, password: passwordField }) } },
    async (req, reply) => {
      const { name, email, password } = req.body;
      // the link must point at the shop itself: with a mail server but no PUBLIC_URL none can be made (mailOrigin)
      const origin = mailOrigin(req, options.publicUrl, options.mailer);
      if (origin === null) req.log.error(`sign-up ${NO_PUBLIC_URL}`);
      if (origin === null || !kit.reaches.email) return kit.notAvailable(reply, authMessages.signupUnavailable);
      const problem = passwordProblem(password, { email, name });
      if (problem)
        return reply
          .code(400)
          .send({ ...failure('bad_request', passwordMessages[problem]), fields: [{ path: 'password', message: passwordMessages[problem] }] });
      const existing = await users.byEmail(email);
      // hashed for a known address too: both answers take as long
      const passwordHash = await passwords.hash(password);
      if (existing?.email_verified) {
        kit.deliverLater(
          'email',
          email,
          `Your account at ${shopTitle()}`,
          `Someone, probably you, tried to sign up at ${shopTitle()} with this address. You already have an account: log in, or reset your password if you forgot it.`,
        );
      } else {
        await users.savePendingEmailSignup({ name, email, passwordHash });
        const issued = await codes.issue('verify', email);
        if (issued.ok) {
          const link = `${origin}/email-confirmed#${new URLSearchParams({ email, code: issued.code }).toString()}`;
          kit.deliverLater(
            'email',
            email,
            `Confirm your e-mail address for ${shopTitle()}`,
            `Welcome to ${shopTitle()}! Open this link within 10 minutes to confirm your address and finish signing up:\n${link}\n\nYour code: ${issued.code}`,
          );
        }
      }
      // the same answer whether or not the address had an account
      return { success: true, authToken: null, user: null, errorCode: 'confirm_email', errorMessage: authMessages.confirmEmail } satisfies AuthAnswer;
    },
  );

  typed.post(
    '/auth/email/confirm',
    { config: { rateLimit: ATTEMPTS }, schema: { body: z.object({ email: emailField, code: codeField }) } },
    async (req, reply) => {
      const used = await codes.consume('verify', req.body.email, req.body.code);
      const user = used.ok ? await users.byEmail(req.body.email) : undefined;
      if (!user) return reply.code(400).send(failure('invalid_code', authMessages.invalidCode));
      await users.confirmEmail(req.body.email);
      return kit.signIn(req, reply, user);
    },
  );

  await app.register(channelRoutes, { kit, channel: 'email' });
  await app.register(channelRoutes, { kit, channel: 'phone' });
  await app.register(accountChangeRoutes, { kit, accessTokens: options.accessTokens });
  if (options.callerVerification) await app.register(callerRoutes, { kit, ...options.callerVerification });

  app.post('/auth/refresh', { config: { rateLimit: REFRESHES } }, async (req, reply) => {
    const token = req.cookies[REFRESH_COOKIE];
    const rotated = token ? await sessions.rotate(token) : null;
    const user = rotated?.ok ? await users.byId(rotated.userId) : undefined;
    if (!rotated?.ok || !user) {
      kit.clearRefreshCookie(reply);
      return reply.code(401).send(failure('session_expired', authMessages.sessionExpired));
    }
    kit.setRefreshCookie(req, reply, rotated.token, rotated.expiresAt);
    return {
      success: true,
      authToken: await kit.accessToken(user, rotated.sessionId),
      user: publicUser(user),
      errorCode: null,
      errorMessage: null,
    } satisfies AuthAnswer;
  });

  app.post('/auth/logout', async (req, reply) => {
    const token = req.cookies[REFRESH_COOKIE];
    // the session's access tokens stop working at once, on every instance
    if (token) await sessions.endSessionOf(token);
    kit.clearRefreshCookie(reply);
    return { success: true };
  });
};
