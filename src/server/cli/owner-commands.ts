import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { recordAudit } from '../db/repositories/audit-repository.ts';
import { createUserRepository } from '../db/repositories/user-repository.ts';
import { emailField } from '../routes/api/auth/auth-kit.ts';
import { hashPassword, passwordProblem } from '../services/passwords.ts';
import type { Out } from './out.ts';

/**
 * `create-owner <email> [name]`: the shop owner's account (issue 8), who logs in like any
 * shopper and then reaches the owner's pages. The password is OWNER_PASSWORD when set;
 * else one is made and printed once, never stored in the clear.
 */
export async function createOwnerCommand(db: Db, [rawEmail, ...nameParts]: string[], out: Out, ownerPassword: string | undefined): Promise<number> {
  const email = emailField.safeParse(rawEmail ?? '');
  if (!email.success) {
    out.error('Usage: npm run shop -- create-owner <email> [name]   (OWNER_PASSWORD=… sets the password; else one is made and shown once)');
    return 1;
  }
  const password = ownerPassword ?? randomBytes(12).toString('base64url');
  const problem = passwordProblem(password);
  if (problem) {
    out.error(`OWNER_PASSWORD is not a good password (${problem.replace('_', ' ')}): at least 8 characters, not a common one.`);
    return 1;
  }
  const name = nameParts.join(' ').trim() || 'Owner';
  const owner = await createUserRepository(db).makeOwner({ email: email.data, name, passwordHash: await hashPassword(password) });
  await recordAudit(db.kysely, { actor: 'cli', action: owner.created ? 'owner.created' : 'owner.promoted', subject: `user:${owner.id}`, detail: { email: email.data } });
  out.log(`${email.data} is the shop's owner${owner.created ? ' (a new account)' : ''}. Log in with this e-mail address on the shop's login page.`);
  if (!ownerPassword) out.log(`Password (shown once): ${password}`);
  return 0;
}
