import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authMessages } from '../../../../domain/auth-messages.ts';
import type { ChannelName } from '../../../db/repositories/user-repository.ts';
import { passwordProblem } from '../../../services/passwords.ts';
import { codeField, nameField, passwordField } from '../../../services/account-fields.ts';
import { ATTEMPTS, channels, CODE_VALIDITY, failure, passwordMessages, phoneRouteField, type AuthKit } from './auth-kit.ts';

/**
 * The calls e-mail and phone have alike (spec §7), registered once per channel under
 * `/auth/<channel>/`: password login, one-time-code login (an unknown identifier gets an
 * account once its code proves it), and the three steps of a password reset. Phone
 * sign-up (a code first, then the account) is the phone's alone. Every answer is the
 * same for a known and an unknown identifier.
 */
export const channelRoutes: FastifyPluginAsync<{ kit: AuthKit; channel: ChannelName }> = async (app, { kit, channel: name }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const channel = channels[name];
  const { users, codes, passwords, shopTitle } = kit;
  const limited = { config: { rateLimit: ATTEMPTS } };
  // the identifier's field is named by the channel; both names are typed as present, the one in use is
  const identified = <T extends z.ZodRawShape>(shape: T) =>
    z.object({ ...shape, [channel.field]: channel.schema }) as unknown as z.ZodObject<T & Record<'email' | 'phoneNumber', z.ZodType<string, string>>>;
  // a phone's code goes by text message or WhatsApp, as the shopper chose (issue 40)
  const routed: z.ZodRawShape = name === 'phone' ? { via: phoneRouteField } : {};
  const badPassword = (problem: keyof typeof passwordMessages) => ({
    ...failure('bad_request', passwordMessages[problem]),
    fields: [{ path: 'password', message: passwordMessages[problem] }],
  });

  typed.post(
    `/auth/${name}/login`,
    {
      ...limited,
      schema: {
        body: z.object({ password: passwordField, [channel.loginField]: channel.schema }) as unknown as z.ZodObject<
          { password: typeof passwordField } & Record<'email' | 'phone', z.ZodType<string, string>>
        >,
      },
    },
    async (req, reply) => {
      const user = await users.by(name, req.body[channel.loginField]);
      // the password is checked even for an unknown identifier, so both take as long
      const right = await passwords.verify(req.body.password, user?.password_hash ?? null);
      const proved = name === 'email' ? user?.email_verified : user?.phone_verified;
      if (!user || !right || !proved) return reply.code(401).send(failure('invalid_credentials', channel.wrongCredentials));
      return kit.signIn(req, reply, user);
    },
  );

  typed.post(`/auth/${name}/sendOtp`, { schema: { body: identified(routed as { via: typeof phoneRouteField }) } }, async (req, reply) => {
    const to = req.body[channel.field];
    return kit.sendCode(req, reply, {
      via: req.body.via,
      channel: name,
      purpose: 'login',
      to,
      send: true,
      wait: true,
      text: (code) => `${code} is your code to log in to ${shopTitle()}\n${CODE_VALIDITY}`,
    });
  });

  typed.post(`/auth/${name}/verifyOtp`, { ...limited, schema: { body: identified({ receivedOtp: codeField }) } }, async (req, reply) => {
    const to = req.body[channel.field];
    const used = await codes.consume('login', to, req.body.receivedOtp);
    if (!used.ok)
      return reply.code(400).send(used.reason === 'wrong' ? failure('wrong_code', authMessages.wrongCode) : failure('invalid_code', authMessages.invalidCode));
    return kit.signIn(req, reply, await users.provenBy(name, to));
  });

  typed.post(`/auth/${name}/sendCodeForPasswordReset`, { schema: { body: identified(routed as { via: typeof phoneRouteField }) } }, async (req, reply) => {
    const to = req.body[channel.field];
    const user = await users.by(name, to);
    // issued for an unknown identifier too, never sent: the cooldown and the answers are the same for everyone
    return kit.sendCode(req, reply, {
      via: req.body.via,
      channel: name,
      purpose: 'reset',
      to,
      send: !!user,
      wait: false,
      text: (code) => `${code} is your code to choose a new password at ${shopTitle()}\n${CODE_VALIDITY} If you did not ask for it, ignore this message.`,
    });
  });

  typed.post(`/auth/${name}/verifyCodeForPasswordReset`, { ...limited, schema: { body: identified({ otp: codeField }) } }, async (req, reply) => {
    const right = await codes.check('reset', req.body[channel.field], req.body.otp);
    if (!right.ok)
      return reply.code(400).send(right.reason === 'wrong' ? failure('wrong_code', authMessages.wrongCode) : failure('invalid_code', authMessages.invalidCode));
    return { success: true, authToken: null, user: null, errorCode: null, errorMessage: null };
  });

  typed.post(`/auth/${name}/resetPassword`, { ...limited, schema: { body: identified({ password: passwordField, otp: codeField }) } }, async (req, reply) => {
    const to = req.body[channel.field];
    const problem = passwordProblem(req.body.password);
    if (problem) return reply.code(400).send(badPassword(problem));
    // the account's own details are read only for the holder of a right code, which is not spent on a refused password
    const right = await codes.check('reset', to, req.body.otp);
    const holder = right.ok ? await users.by(name, to) : undefined;
    const personal = holder ? passwordProblem(req.body.password, { email: holder.email, phone: holder.phone, name: holder.name }) : null;
    if (personal) return reply.code(400).send(badPassword(personal));
    const used = right.ok ? await codes.consume('reset', to, req.body.otp) : right;
    // nobody can hold a code for an unknown identifier: it was never sent
    const user = used.ok ? holder : undefined;
    if (!user)
      return reply
        .code(400)
        .send(used.ok || used.reason === 'dead' ? failure('invalid_code', authMessages.invalidCode) : failure('wrong_code', authMessages.wrongCode));
    await users.resetPassword(user.id, name, await passwords.hash(req.body.password));
    // every session of the account ends, access tokens included; this browser gets a new one
    await kit.sessions.endAllOf(user.id);
    return kit.signIn(req, reply, user);
  });

  if (name !== 'phone') return;

  typed.post(
    '/auth/phone/sendOtpForSignup',
    { schema: { body: z.object({ name: nameField, phoneNumber: channel.schema, via: phoneRouteField }) } },
    async (req, reply) => {
      const to = req.body.phoneNumber;
      return kit.sendCode(req, reply, {
        via: req.body.via,
        channel: 'phone',
        purpose: 'signup',
        to,
        send: true,
        wait: true,
        text: (code) => `${code} is your code to sign up at ${shopTitle()}\n${CODE_VALIDITY}`,
      });
    },
  );

  typed.post(
    '/auth/phone/signup',
    { ...limited, schema: { body: z.object({ name: nameField, phoneNumber: channel.schema, password: passwordField, otp: codeField }) } },
    async (req, reply) => {
      const { name: fullName, phoneNumber, password, otp } = req.body;
      const problem = passwordProblem(password, { phone: phoneNumber, name: fullName });
      if (problem) return reply.code(400).send(badPassword(problem));
      const used = await codes.consume('signup', phoneNumber, otp);
      if (!used.ok)
        return reply
          .code(400)
          .send(used.reason === 'wrong' ? failure('wrong_code', authMessages.wrongCode) : failure('invalid_code', authMessages.invalidCode));
      // only the phone's owner gets this far, so saying the number has an account tells no one else
      const user = await users.createByPhone({ name: fullName, phone: phoneNumber, passwordHash: await passwords.hash(password) });
      if (!user) return reply.code(409).send(failure('account_exists', authMessages.phoneAccountExists));
      return kit.signIn(req, reply, user);
    },
  );
};
