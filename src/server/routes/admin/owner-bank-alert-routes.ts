import type { FastifyPluginAsync } from 'fastify';
import { fromMinor } from '../../../domain/money.ts';
import type { BankAlertRepository } from '../../db/repositories/bank-alert-repository.ts';

type Options = { alerts: BankAlertRepository; fractionDigits: number };

/** `GET /admin/api/bank-alerts`: the latest forwarded bank alerts, newest first, each with what the shop made of it (issue 39). */
export const ownerBankAlertRoutes: FastifyPluginAsync<Options> = async (app, { alerts, fractionDigits }) => {
  app.get('/bank-alerts', async () => ({
    success: true,
    alerts: (await alerts.latest()).map((a) => ({ ...a, amount: a.amount === null ? null : fromMinor(a.amount, fractionDigits) })),
  }));
};
