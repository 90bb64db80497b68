import { sql } from 'kysely';
import type { Customer } from '../../../domain/customer.ts';
import { minor } from '../../../domain/money.ts';
import type { Db } from '../database.ts';

type PersonalDetails = { fullName?: string; email?: string; phone?: { number?: string; dialCode?: string } };

// an order the shop lost (rejected, cancelled) is not money spent
const LOST = ['cancelled', 'rejected'];
// a search reads the list a page at a time, newest first, until it has enough
const PAGE = 500;

/**
 * The shop's customers (issue 21), one per `orders.customer_key` (`user:…`, `email:…`,
 * `phone:…`, made by `customerIdentity`: one guest however the address was typed, decision 076;
 * guests who left no way to reach them are not told apart, so not listed). The
 * figures are SQL aggregates, the same on both databases; the newest order is the one with
 * the highest number, since numbers are taken in order (migration 006).
 */
export function createCustomerRepository(db: Db) {
  const { kysely } = db;

  const page = (limit?: number, offset = 0) => {
    const perCustomer = kysely
      .selectFrom('orders')
      .where('customer_key', 'is not', null)
      .where('customer_key', '!=', 'guest')
      .select((eb) => {
        const counts = eb.and([eb('kind', '=', 'order'), eb('status', 'not in', LOST)]);
        return [
          'customer_key',
          eb.fn.sum<number>(eb.case().when(counts).then(1).else(0).end()).as('orders'),
          eb.fn.sum<number>(eb.case().when(counts).then(eb.ref('grand_total_minor')).else(0).end()).as('spent'),
          eb.fn.max('number').as('newest'),
        ];
      })
      .groupBy('customer_key');
    const query = kysely
      .selectFrom(perCustomer.as('c'))
      .innerJoin('orders as o', 'o.number', 'c.newest')
      .leftJoin('users as u', (join) => join.on((eb) => eb(sql<string>`'user:' || ${eb.ref('u.id')}`, '=', eb.ref('c.customer_key'))))
      .select(['c.customer_key', 'c.orders', 'c.spent', 'o.created_at', 'o.details', 'u.name', 'u.email', 'u.phone'])
      .orderBy('o.created_at', 'desc')
      .orderBy('o.number', 'desc');
    // SQLite takes an offset only after a limit
    return (limit === undefined ? query : query.limit(limit).offset(offset)).execute();
  };

  const customer = (r: Awaited<ReturnType<typeof page>>[number]): Customer => {
    const personal = (JSON.parse(r.details) as { personalDetails?: PersonalDetails }).personalDetails ?? {};
    const number = personal.phone?.number?.trim();
    const key = r.customer_key!;
    return {
      key,
      account: key.startsWith('user:'),
      name: r.name || personal.fullName?.trim() || '',
      email: r.email || personal.email?.trim() || null,
      phone: r.phone || (number ? `${personal.phone?.dialCode ?? ''} ${number}`.trim() : null),
      orders: Number(r.orders),
      spent: minor(Number(r.spent)),
      lastOrderAt: Number(r.created_at),
    };
  };

  return {
    /** Newest order first; `q` keeps those whose name, e-mail or phone has every word of it; `limit` (none: all). */
    async list({ q = '', limit }: { q?: string; limit?: number } = {}): Promise<Customer[]> {
      if (!q.trim()) return (await page(limit)).map(customer);
      const found: Customer[] = [];
      for (let offset = 0; ; offset += PAGE) {
        const rows = await page(PAGE, offset);
        found.push(...rows.map(customer).filter((c) => matches(c, q)));
        if (rows.length < PAGE || (limit !== undefined && found.length >= limit)) break;
      }
      return limit === undefined ? found : found.slice(0, limit);
    },
  };
}

/**
 * Every word of the search in the name, e-mail or phone, whatever the case; a number
 * (spaces, dashes and a + allowed) also by its digits, so 98000 00001 finds +919800000001.
 */
function matches(c: Pick<Customer, 'name' | 'email' | 'phone'>, q: string): boolean {
  const text = `${c.name} ${c.email ?? ''} ${c.phone ?? ''}`.toLowerCase();
  if (
    q
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean)
      .every((w) => text.includes(w))
  )
    return true;
  const digits = q.replace(/\D/g, '');
  return /^[\d\s()+-]+$/.test(q.trim()) && digits.length >= 3 && (c.phone ?? '').replace(/\D/g, '').includes(digits);
}

export type CustomerRepository = ReturnType<typeof createCustomerRepository>;
