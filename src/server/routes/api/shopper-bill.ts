import { fromMinor } from '../../../domain/money.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import type { TableBillRepository } from '../../db/repositories/table-bill-repository.ts';

/**
 * The running bill of the table an order was sent from (issue 41), as the diners see it on their
 * phones beside their order: the table, each round by its number, status and total (not what
 * others at the table ordered, nor who they are), what the rounds come to and what is still to
 * pay. Null for an order of no table's bill.
 */
export async function shopperBill(tableBills: TableBillRepository, orderId: string, shop: Pick<ShopConfig, 'dineSpaces'>, fractionDigits: number) {
  const bill = await tableBills.billOfOrder(orderId);
  if (!bill) return null;
  const money = (m: Parameters<typeof fromMinor>[0]) => fromMinor(m, fractionDigits);
  return {
    status: bill.status,
    table: shop.dineSpaces.find((s) => s.id === bill.spaceId)?.name ?? bill.spaceId,
    rounds: bill.rounds.map((r) => ({ number: r.number, status: r.status, total: money(r.total), mine: r.id === orderId })),
    total: money(bill.total),
    due: money(bill.due),
  };
}
