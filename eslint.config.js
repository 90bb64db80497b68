import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverNotWeb = { group: ['**/web/**'], message: 'server never imports web (it loads the built SSR bundle at run time)' };
const webNotServer = { group: ['**/server/**'], message: 'web never imports server' };
/**
 * features ↛ features: a file `depth` folders below its feature's folder leaves it with
 * depth + 1 '../', and a name there is a feature (src/web/features holds only features);
 * lib/, ui/, hooks/, modals/, layouts/ and the domain are one '../' further up.
 */
const featureNotFeature = (depth) => ({
  regex: `^(\\.\\./){${depth + 1}}[^./]|(^|/)features/`,
  message:
    'a feature imports its own folder, lib/, ui/, hooks/, modals/, layouts/ and the domain, not another feature: move what two features share to lib/ or ui/',
});

/** The import rule of a layer: these patterns refused, as errors. */
const refuseImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['build/', '.react-router/', 'node_modules/', 'data/', 'demo/media/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // the layers of docs/architecture.md: domain is pure, web and server never reach into each other
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      ...refuseImports(
        { group: ['**/server/**', '**/web/**'], message: 'domain is pure: it imports nothing from server or web' },
        { group: ['node:*', 'fs', 'path', 'react', 'react-*'], message: 'domain has no I/O, no DOM and no Node APIs' },
        {
          group: ['fastify', 'fastify-*', '@fastify/*', 'kysely', 'pg', 'better-sqlite3', 'ioredis'],
          message: 'domain knows no server framework and no database: the server calls it',
        },
      ),
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'localStorage', 'fetch'],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: refuseImports(webNotServer),
  },
  {
    // what every feature and route builds on builds on none of them (a modal's or panel's code may be
    // named by a dynamic import(), as modals/registry.ts does: that is not linted); layouts are
    // routes, which put the shell feature around the pages
    files: ['src/web/{lib,ui,modals}/**/*.{ts,tsx}'],
    rules: refuseImports(webNotServer, {
      group: ['**/features/**', '**/routes/**'],
      message: 'lib/, ui/ and modals/ serve the features and routes: they import neither',
    }),
  },
  {
    files: ['src/web/routes/**/*.{ts,tsx}'],
    rules: refuseImports(webNotServer, {
      group: ['./*.ts', './*.tsx', '../routes/**'],
      message: 'a route imports features, lib/, ui/ and the domain, not another route: move what two routes share there',
    }),
  },
  ...[0, 1, 2, 3].map((depth) => ({
    files: [`src/web/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: refuseImports(webNotServer, featureNotFeature(depth)),
  })),
  {
    files: ['src/server/**/*.ts'],
    rules: refuseImports(serverNotWeb),
  },
  {
    // a route file registers another only from its own folder (a sub-route of its feature);
    // what several routes share lives in plugins/, services/ or a helper module of routes/
    files: ['src/server/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: refuseImports(serverNotWeb, {
      group: ['../**/*-routes.ts'],
      message: 'routes do not import routes of another folder: move what they share to plugins/, services/ or routes/<helper>.ts',
    }),
  },
  {
    files: ['src/server/plugins/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: refuseImports(serverNotWeb, {
      group: ['**/routes/**/*-routes.ts'],
      message: 'plugins know no routes: routes call them, not the other way',
    }),
  },
  {
    files: ['src/server/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: refuseImports(serverNotWeb, {
      group: ['**/routes/**/*-routes.ts', '**/plugins/**', '**/app.ts'],
      message: 'services know no routes, plugins or app: those call them, not the other way',
    }),
  },
  {
    files: ['src/server/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: refuseImports(serverNotWeb, {
      group: ['**/routes/**', '**/services/**', '**/plugins/**', '**/app.ts'],
      message: 'the database layer knows no services, routes, plugins or app: they call it (shared shapes live in the domain)',
    }),
  },
  {
    // no module imports itself through a cycle (decision 081): run-time imports only — `import type`
    // is erased, so a cycle through types alone is allowed; an `import()` counts too. Every relative
    // import names its file (`.ts`, `.tsx`), so the plugin's own Node resolver finds them; packages
    // are not followed (ignoreExternal)
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // a module read once is kept for the whole run (the default forgets it after 30 s)
      'import-x/cache': { lifetime: Infinity },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    plugins: { 'jsx-a11y': jsxA11y, 'react-hooks': reactHooks },
    rules: { ...jsxA11y.flatConfigs.recommended.rules, ...reactHooks.configs.recommended.rules },
  },
  // formatting is Prettier's (.prettierrc.json, checked by npm run lint): no ESLint rule may fight it
  prettier,
);
