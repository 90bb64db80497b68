import websocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authMessages } from '../../../../domain/auth-messages.ts';
import { callerMessages, NONCE, type CallerEvent, type CallerVerification } from '../../../services/caller-verification.ts';
import { ATTEMPTS, failure, type AuthKit } from './auth-kit.ts';

const nonceField = z.string().regex(NONCE);
const incoming = z.object({ event: z.literal('set_truecaller_nonce'), data: z.object({ nonce: nonceField, storeId: z.string().max(60) }) });

/**
 * The realtime caller-verification flow of spec §7 (decision 020), registered only when
 * the shop config turns it on: a WebSocket where the browser names its nonce
 * (`set_truecaller_nonce`) and hears `truecaller_nonce_received`, then
 * `truecaller_verified {authToken}` or `truecaller_verification_error`; Truecaller's
 * callback; and the trade of the single-use ticket for a session.
 */
export const callerRoutes: FastifyPluginAsync<{ kit: AuthKit; verification: CallerVerification; shopId: string }> = async (
  app,
  { kit, verification, shopId },
) => {
  await app.register(websocket, { options: { maxPayload: 1024 } });
  const typed = app.withTypeProvider<ZodTypeProvider>();

  app.get('/auth/caller/socket', { websocket: true }, (socket, req) => {
    // only the shop's own pages may open it
    const origin = req.headers.origin;
    if (!origin || URL.canParse(origin) === false || new URL(origin).host !== req.headers.host) return socket.close(1008, 'origin');
    const send = (event: CallerEvent) => socket.send(JSON.stringify(event));
    let nonce: string | undefined;
    let claiming = false;
    // a browser waits at most as long as its nonce lives
    const idle = setTimeout(() => socket.close(1000, 'timeout'), 2 * 60_000);
    socket.on('message', (raw: Buffer) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        return socket.close(1007, 'bad message');
      }
      const message = incoming.safeParse(parsed);
      // one nonce per connection, even while the first is still being claimed
      if (!message.success || message.data.data.storeId !== shopId || claiming) return socket.close(1008, 'bad message');
      claiming = true;
      const asked = message.data.data.nonce;
      void verification.wait(asked, send).then(
        (waiting) => {
          if (!waiting) return socket.close(1008, 'nonce refused');
          nonce = asked;
          // the browser left while its nonce was being claimed
          if (socket.readyState !== socket.OPEN) return void verification.stopWaiting(asked);
          send({ event: 'truecaller_nonce_received' });
        },
        (err: unknown) => {
          req.log.warn({ err: (err as Error).message }, 'caller verification could not wait');
          socket.close(1011, 'unavailable');
        },
      );
    });
    socket.on('close', () => {
      clearTimeout(idle);
      if (nonce) void verification.stopWaiting(nonce).catch(() => {});
    });
  });

  /** Truecaller's callback: {requestId (the nonce), accessToken, endpoint}. */
  typed.post(
    '/auth/caller/callback',
    {
      config: { rateLimit: ATTEMPTS },
      schema: { body: z.object({ requestId: nonceField, accessToken: z.string().min(1).max(4096), endpoint: z.string().url().max(500) }) },
    },
    async (req, reply) => {
      const { requestId, accessToken, endpoint } = req.body;
      if (!(await verification.isWaiting(requestId))) return reply.code(404).send({ ok: false, message: callerMessages.unknownRequest });
      if (!verification.profileEndpointAllowed(endpoint)) {
        await verification.finish(requestId, { message: callerMessages.notVerified });
        return reply.code(400).send({ ok: false, message: 'The profile endpoint is not one of Truecaller’s.' });
      }
      const caller = await verification.fetchCaller(endpoint, accessToken).catch((err: unknown) => {
        req.log.warn({ err: (err as Error).message }, 'caller profile not fetched');
        return null;
      });
      if (!caller) {
        await verification.finish(requestId, { message: callerMessages.notVerified });
        return { ok: false };
      }
      const user = await kit.users.provenBy('phone', caller.phone);
      if (!user.name && caller.name) await kit.users.rename(user.id, caller.name);
      await verification.finish(requestId, { userId: user.id });
      return { ok: true };
    },
  );

  typed.post(
    '/auth/caller/exchange',
    { config: { rateLimit: ATTEMPTS }, schema: { body: z.object({ nonce: nonceField, authToken: z.string().min(1).max(100) }) } },
    async (req, reply) => {
      const userId = await verification.redeem(req.body.nonce, req.body.authToken);
      const user = userId ? await kit.users.byId(userId) : undefined;
      if (!user) return reply.code(400).send(failure('invalid_code', authMessages.invalidCode));
      return kit.signIn(req, reply, user);
    },
  );
};
