import type { Db } from '../db/database.ts';
import { recordAudit, type Actor } from '../db/repositories/audit-repository.ts';
import { createUserRepository } from '../db/repositories/user-repository.ts';
import { emailField } from './account-fields.ts';
import { hashPassword, passwordProblem, type PasswordProblem } from './passwords.ts';

/**
 * The shop owner's account (issue 8, decision 024), made by `create-owner` or, on a start
 * of a shop that has no owner yet, from OWNER_EMAIL and OWNER_PASSWORD. Both go through
 * makeShopOwner: the same checks, the same account, the same audit entry.
 */

export type OwnerResult = { ok: true; id: string; email: string; created: boolean } | { ok: false; problem: 'email' | PasswordProblem };

/** What an owner's password needs, for the messages that refuse one. */
export const ownerPasswordRule = 'at least 8 characters, not a common one, not your name or e-mail address';

/** `too short`, `too long`, `common`. */
export const describePasswordProblem = (problem: PasswordProblem) => problem.replace('_', ' ');

/**
 * Makes the owner's account, or promotes the account with this address (its password
 * becomes this one), and audits it as `actor` (`cli`, `env`). Refuses a bad address or a
 * password the shop would refuse a shopper.
 */
export async function makeShopOwner(db: Db, input: { email: string; name: string; password: string }, actor: Actor): Promise<OwnerResult> {
  const email = emailField.safeParse(input.email);
  if (!email.success) return { ok: false, problem: 'email' };
  const problem = passwordProblem(input.password, { email: email.data, name: input.name });
  if (problem) return { ok: false, problem };
  const owner = await createUserRepository(db).makeOwner({ email: email.data, name: input.name, passwordHash: await hashPassword(input.password) });
  await recordAudit(db.kysely, {
    actor,
    action: owner.created ? 'owner.created' : 'owner.promoted',
    subject: `user:${owner.id}`,
    detail: { email: email.data },
  });
  return { ok: true, id: owner.id, email: email.data, created: owner.created };
}

export type OwnerLog = { info(message: string): void; error(message: string): void };

/**
 * On a start: when OWNER_EMAIL is set and no account is an owner yet, that address's
 * account becomes the owner with OWNER_PASSWORD (made, or promoted like create-owner
 * does), audited as `env`. A missing or weak password, or a bad address, is logged as an
 * error saying what to set, and the shop starts without an owner. An existing owner is
 * left alone, so changing the variables later changes nothing. The password is never logged.
 */
export async function ownerFromEnv(db: Db, owner: { email: string | undefined; password: string | undefined }, log: OwnerLog): Promise<void> {
  if (!owner.email) return;
  const users = createUserRepository(db);
  if (await users.hasOwner()) {
    log.info('The shop has an owner already: OWNER_EMAIL is not used (npm run shop -- create-owner changes the owner)');
    return;
  }
  if (!owner.password) {
    log.error(
      `OWNER_EMAIL is set but OWNER_PASSWORD is not: set OWNER_PASSWORD (${ownerPasswordRule}) and start again, or run npm run shop -- create-owner <email>. The shop has no owner yet.`,
    );
    return;
  }
  let result: OwnerResult;
  try {
    result = await makeShopOwner(db, { email: owner.email, name: 'Owner', password: owner.password }, 'env');
  } catch (err) {
    // another instance starting at the same moment made the account first
    if (await users.hasOwner()) {
      log.info('The shop has an owner already (made by another instance starting at the same time)');
      return;
    }
    throw err;
  }
  if (!result.ok) {
    log.error(
      result.problem === 'email'
        ? `OWNER_EMAIL is not an e-mail address: set it to the owner's address and start again. The shop has no owner yet.`
        : `OWNER_PASSWORD is not a good password (${describePasswordProblem(result.problem)}): set OWNER_PASSWORD (${ownerPasswordRule}) and start again. The shop has no owner yet.`,
    );
    return;
  }
  log.info(
    `${result.email} is the shop's owner (${result.created ? 'a new account' : 'an existing account, promoted'}), from OWNER_EMAIL; log in with this address on the shop's login page`,
  );
}
