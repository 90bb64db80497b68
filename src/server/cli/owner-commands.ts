import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { describePasswordProblem, makeShopOwner, ownerPasswordRule } from '../services/owner-account.ts';
import type { Out } from './out.ts';

/**
 * `create-owner <email> [name]`: the shop owner's account (issue 8), who logs in like any
 * shopper and then reaches the owner's pages. The password is OWNER_PASSWORD when set;
 * else one is made and printed once, never stored in the clear. A start with OWNER_EMAIL
 * makes the same account when the shop has no owner (services/owner-account.ts).
 */
export async function createOwnerCommand(db: Db, [rawEmail, ...nameParts]: string[], out: Out, ownerPassword: string | undefined): Promise<number> {
  const password = ownerPassword ?? randomBytes(12).toString('base64url');
  const name = nameParts.join(' ').trim() || 'Owner';
  const owner = await makeShopOwner(db, { email: rawEmail ?? '', name, password }, 'cli');
  if (!owner.ok) {
    out.error(
      owner.problem === 'email'
        ? 'Usage: npm run shop -- create-owner <email> [name]   (OWNER_PASSWORD=… sets the password; else one is made and shown once)'
        : `OWNER_PASSWORD is not a good password (${describePasswordProblem(owner.problem)}): ${ownerPasswordRule}.`,
    );
    return 1;
  }
  out.log(`${owner.email} is the shop's owner${owner.created ? ' (a new account)' : ''}. Log in with this e-mail address on the shop's login page.`);
  if (!ownerPassword) out.log(`Password (shown once): ${password}`);
  return 0;
}
