import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../plugins/error-body.ts';

/** The answer to a call that does not exist, and to an owner's call from anyone else (it must look the same). */
export const API_NOT_FOUND = { error: 'not_found', message: 'There is no such API call.' } as const;

/** The catch-all of /api, /fn and /admin/api: a call that does not exist. */
export const apiNotFound = async (_req: FastifyRequest, reply: FastifyReply) => reply.code(404).send(API_NOT_FOUND);

/** An order the caller may not see answers like one that does not exist (the guest view's words, §8). */
export const ORDER_NOT_FOUND = { success: false, errorMessage: 'We could not find this order. Please check the link you were sent.' } as const;

/** Why an order has no tax invoice to show. */
export const NO_INVOICE = errorBody('no_invoice', 'This order has no tax invoice yet: the shop issues one when it accepts the order.');
