import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { readEnv } from '../env.ts';
import { capture, useScratchDir } from '../testing/cli.ts';
import { testShopConfig } from '../testing/fixtures.ts';
import { runCli } from './main.ts';

const { dir, writeJson } = useScratchDir();

describe('npm run shop -- create-owner', () => {
  const env = () => ({ ...readEnv({}), shopConfig: writeJson('shop-owner.json', testShopConfig()), dataDir: path.join(dir, 'data-owner') });

  it('makes the owner account once, promotes an existing one, and refuses a bad address or a weak password', async () => {
    const made = capture();
    expect(await runCli(['create-owner', 'Priya@Example.com', 'Priya', 'Shah'], made.out, env(), 'harbour lights 42')).toBe(0);
    expect(made.lines.join('\n')).toContain("priya@example.com is the shop's owner (a new account).");
    expect(made.lines.join('\n')).not.toContain('harbour lights 42');
    const again = capture();
    expect(await runCli(['create-owner', 'priya@example.com'], again.out, env(), undefined)).toBe(0);
    expect(again.lines[0]).toBe("priya@example.com is the shop's owner. Log in with this e-mail address on the shop's login page.");
    expect(again.lines[1]).toMatch(/^Password \(shown once\): [\w-]{16}$/);

    const db = openDatabase({ dataDir: env().dataDir, databaseUrl: undefined });
    try {
      const row = await db.kysely
        .selectFrom('users')
        .select(['role', 'name', 'email_verified'])
        .where('email', '=', 'priya@example.com')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ role: 'owner', name: 'Owner', email_verified: 1 });
      const trail = await db.kysely
        .selectFrom('audit_log')
        .select('action')
        .where('actor', '=', 'cli')
        .where('action', 'like', 'owner.%')
        .orderBy('created_at')
        .execute();
      expect(trail.map((r) => r.action)).toEqual(['owner.created', 'owner.promoted']);
    } finally {
      await db.close();
    }

    const bad = capture();
    expect(await runCli(['create-owner', 'not-an-address'], bad.out, env(), 'harbour lights 42')).toBe(1);
    expect(bad.lines.join('\n')).toContain('Usage: npm run shop -- create-owner <email> [name]');
    const weak = capture();
    expect(await runCli(['create-owner', 'ravi@example.com'], weak.out, env(), 'password')).toBe(1);
    expect(weak.lines.join('\n')).toContain('OWNER_PASSWORD is not a good password');
  });
});
