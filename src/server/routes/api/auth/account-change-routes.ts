import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authMessages } from '../../../../domain/auth-messages.ts';
import { publicUser } from '../../../db/repositories/user-repository.ts';
import { requireUser } from '../../../plugins/user-session.ts';
import type { AccessTokens } from '../../../services/access-tokens.ts';
import { codeField, emailField, phoneField } from '../../../services/account-fields.ts';
import { ATTEMPTS, CODE_VALIDITY, failure, phoneRouteField, type AuthKit } from './auth-kit.ts';

/**
 * A logged-in user's new e-mail address or phone number (spec §7 updateEmail,
 * sendOtpForVerification, updatePhone). Either is changed only with a code sent to the
 * new one. updateEmail takes {newEmail} and sends the code, then {newEmail, otp} to
 * apply it (decision 019: the spec's call has no code; without one, anyone with a moment
 * at an unlocked phone could move an account to their own address).
 */
export const accountChangeRoutes: FastifyPluginAsync<{ kit: AuthKit; accessTokens: AccessTokens }> = async (app, { kit, accessTokens }) => {
  app.addHook('preHandler', requireUser(accessTokens));
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { users, codes, shopTitle } = kit;

  const changed = async (channel: 'email' | 'phone', userId: string, sessionId: string, to: string, otp: string) => {
    const used = await codes.consume('update', to, otp);
    if (!used.ok)
      return {
        status: 400,
        body: used.reason === 'wrong' ? failure('wrong_code', authMessages.wrongCode) : failure('invalid_code', authMessages.invalidCode),
      } as const;
    const user = await users.changeContact(userId, channel, to);
    if (user === 'taken') return { status: 409, body: failure('taken', channel === 'email' ? authMessages.emailTaken : authMessages.phoneTaken) } as const;
    if (!user) return { status: 401, body: failure('invalid_credentials', 'Invalid credentials') } as const;
    return {
      status: 200,
      body: { success: true, authToken: await kit.accessToken(user, sessionId), user: publicUser(user), errorCode: null, errorMessage: null },
    } as const;
  };

  typed.post(
    '/auth/email/updateEmail',
    { config: { rateLimit: ATTEMPTS }, schema: { body: z.object({ newEmail: emailField, otp: codeField.optional() }) } },
    async (req, reply) => {
      const { newEmail, otp } = req.body;
      if (otp === undefined) {
        const sent = await kit.sendCode(req, reply, {
          channel: 'email',
          purpose: 'update',
          to: newEmail,
          send: true,
          wait: true,
          text: (code) => `${code} is your code to use this address for your ${shopTitle()} account\n${CODE_VALIDITY}`,
        });
        return sent.status === 'success' ? { ...sent, errorCode: 'code_sent', errorMessage: authMessages.confirmNewEmail } : sent;
      }
      const result = await changed('email', req.userId!, req.sessionId!, newEmail, otp);
      return reply.code(result.status).send(result.body);
    },
  );

  typed.post('/auth/phone/sendOtpForVerification', { schema: { body: z.object({ phoneNumber: phoneField, via: phoneRouteField }) } }, async (req, reply) => {
    const to = req.body.phoneNumber;
    return kit.sendCode(req, reply, {
      via: req.body.via,
      channel: 'phone',
      purpose: 'update',
      to,
      send: true,
      wait: true,
      text: (code) => `${code} is your code to verify this number for your ${shopTitle()} account\n${CODE_VALIDITY}`,
    });
  });

  typed.post(
    '/auth/phone/updatePhone',
    { config: { rateLimit: ATTEMPTS }, schema: { body: z.object({ newPhoneNumber: phoneField, otp: codeField }) } },
    async (req, reply) => {
      const result = await changed('phone', req.userId!, req.sessionId!, req.body.newPhoneNumber, req.body.otp);
      return reply.code(result.status).send(result.body);
    },
  );
};
