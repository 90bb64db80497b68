import type { StorefrontContext } from '../../domain/storefront-context.ts';

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the server's context into React Router's type
  interface AppLoadContext extends StorefrontContext {}
}
