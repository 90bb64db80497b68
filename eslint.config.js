import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
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
      ),
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'localStorage', 'fetch'],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: refuseImports(webNotServer),
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
    files: ['src/server/services/**/*.ts', 'src/server/plugins/**/*.ts', 'src/server/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: refuseImports(serverNotWeb, {
      group: ['**/routes/**/*-routes.ts'],
      message: 'services, plugins and the database know no routes: routes call them, not the other way',
    }),
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
