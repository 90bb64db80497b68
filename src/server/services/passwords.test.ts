import { describe, expect, it } from 'vitest';
import { createPasswords, hashPassword, passwordProblem } from './passwords.ts';

/** What the auth calls check a password with. */
const { verify: verifyPassword } = createPasswords();

describe('passwordProblem', () => {
  it('asks for at least 8 characters, counted as people see them, and takes long passphrases', () => {
    expect(passwordProblem('short1!')).toBe('too_short');
    expect(passwordProblem('😀😀😀😀😀😀😀')).toBe('too_short');
    expect(passwordProblem('😀😀😀😀 tiger lamp')).toBeNull();
    expect(passwordProblem('correct horse battery staple '.repeat(3))).toBeNull();
    expect(passwordProblem('x'.repeat(257))).toBe('too_long');
  });

  it('has no composition rules but refuses the common passwords, whatever their case', () => {
    expect(passwordProblem('alllowercaseletters')).toBeNull();
    for (const common of ['password', 'PASSWORD1', '12345678', 'iloveyou', 'qwertyuiop']) expect(passwordProblem(common), common).toBe('common');
  });

  it('refuses only spaces, one character repeated, and what the account says about its holder', () => {
    for (const trivial of [' '.repeat(8), 'q'.repeat(12), '\t \t \t \t ']) expect(passwordProblem(trivial), JSON.stringify(trivial)).toBe('trivial');
    const asha = { email: 'Asha.Rao@example.com', phone: '+91 98000 00001', name: 'Asha Rao' };
    for (const personal of ['asha.rao@example.com!', 'I am ASHA.RAO today', 'call 9800000001 now', 'asha loves tamarind'])
      expect(passwordProblem(personal, asha), personal).toBe('personal');
    // a short name word (Rao) or a few digits of the phone are no giveaway
    expect(passwordProblem('rao of the river 98000', asha)).toBeNull();
    expect(passwordProblem('tamarind sunrise', asha)).toBeNull();
  });
});

describe('hashPassword / verifyPassword', () => {
  it('verifies the right password only, with a fresh salt every time', async () => {
    const hash = await hashPassword('tamarind sunrise');
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('tamarind sunrise', hash)).toBe(true);
    expect(await verifyPassword('tamarind sunrisE', hash)).toBe(false);
    expect(await hashPassword('tamarind sunrise')).not.toBe(hash);
  });

  it('says no for an unknown account after doing the same work', async () => {
    expect(await verifyPassword('anything at all', null)).toBe(false);
    expect(await verifyPassword('anything at all', 'not-a-hash')).toBe(false);
  });
});
