import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The browser's first load fetches a few files instead of twenty-odd small ones: every
 * request costs a round trip on a slow phone network, and many small files compress worse
 * than one. `framework` holds the libraries every page runs; `shell` the app code every
 * page paints with (header, tiles, prices, the cart badge). Code that only runs on some
 * pages or on first use (modals, panels, the catalog screen, the gallery) keeps its own
 * chunks. A module missing here only costs its own small request; a module wrongly added
 * here shows up in `npm run bench`'s first-load figure.
 */
const frameworkPackages = /\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser|zustand)\//;
const framework = (id: string) => frameworkPackages.test(id);
const shell = [
  'domain/cart-rules',
  'domain/catalog-view',
  'domain/images',
  'domain/language',
  'domain/money',
  'domain/theme',
  'web/features/cart/components/add-to-cart',
  'web/features/cart/hooks/use-cart',
  'web/features/cart/store/',
  'web/features/catalog/components/banner.',
  'web/features/catalog/components/category-tiles',
  'web/features/catalog/components/price',
  'web/features/catalog/components/product-grid',
  'web/features/catalog/components/product-tile',
  'web/features/catalog/tile-action',
  'web/features/shell/components/brand-header',
  'web/features/shell/components/loader-overlay',
  'web/features/shell/components/page-shell',
  'web/lib/api',
  'web/lib/app-update',
  'web/lib/chunk-load',
  'web/lib/loadable',
  'web/lib/i18n/',
  'web/lib/notify',
  'web/lib/use-opened-at',
  'web/lib/paths',
  'web/lib/push-prompt',
  'web/lib/session',
  'web/lib/ui-store',
  'web/lib/use-shop',
  'web/ui/icons',
  'web/ui/picture',
].map((p) => `/src/${p}`);

/** Owner modules imported with `import()`: uPlot's chart (decision 038). */
const ownerOnFirstUse = ['/src/web/features/owner/components/sales-chart-canvas'];
/**
 * The bundler puts TanStack Query's client in the `owner` file, which every route that reads
 * server data loads (decision 060). The code of its mutations (decision 080) goes there too:
 * as a file of its own it would be one more entry in the import list of every route that
 * writes, and that list, the route manifest, is part of every page's first load.
 */
const withTheQueryClient =
  /\/node_modules\/@tanstack\/(?:react-query|query-core)\/build\/\w+\/(?:useMutation|useMutationState|mutationObserver)\.js$|\/src\/web\/lib\/send-once\.ts$/;

const bundleReport = process.env.BUNDLE_REPORT === '1';
const dropSourceMaps: Plugin = {
  name: 'drop-source-maps',
  generateBundle: {
    order: 'post',
    handler: (_, bundle) =>
      Object.keys(bundle)
        .filter((f) => f.endsWith('.map'))
        .forEach((f) => delete bundle[f]),
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // the service worker (decision 023): our own source, compiled here; registered by the
    // app (lib/service-worker.ts); the manifest comes from the shop config. The list of files
    // it precaches is written after the whole build (scripts/precache-list.ts): React Router
    // writes its route manifest after this plugin is done.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/web/sw',
      filename: 'sw.ts',
      outDir: 'build/client',
      injectRegister: false,
      manifest: false,
      injectManifest: { injectionPoint: undefined },
    }),
    // BUNDLE_REPORT=1: what each module of the browser's bundle weighs, minified, in
    // build/bundle-report.json (bench/first-load-js.ts reads it); the source maps it is
    // measured through are then dropped, so the files served are the same as without it
    // (KEEP_MAPS=1 keeps them, for a profiler's names). Normal builds have none of this.
    ...(bundleReport && !isSsrBuild
      ? [visualizer({ filename: 'build/bundle-report.json', template: 'raw-data', sourcemap: true }), ...(process.env.KEEP_MAPS ? [] : [dropSourceMaps])]
      : []),
  ],
  build: {
    assetsInlineLimit: 0,
    sourcemap: bundleReport && !isSsrBuild ? 'hidden' : false,
    // the server reads its modules from disk: splitting them differently gains nothing there
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: framework },
                { name: 'shell', test: (id: string) => shell.some((p) => id.includes(p)) },
                // the owner's pages share one file: fewer chunks for every route of the manifest each page carries to list;
                // the parts loaded on first use stay out of it, or their libraries would load with it (decision 038)
                {
                  name: 'owner',
                  test: (id: string) =>
                    (id.includes('/src/web/features/owner/') && !ownerOnFirstUse.some((p) => id.includes(p))) || withTheQueryClient.test(id),
                },
              ],
            },
          },
        },
  },
}));
