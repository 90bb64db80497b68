/**
 * Stands in for the `use-sync-external-store/shim` package (vite.config.ts aliases it
 * here): react-i18next imports it to support React 17, while React 18 and later have the
 * hook built in. The shim's fallback code would be first-load JavaScript nothing runs.
 */
export { useSyncExternalStore } from 'react';
