import type { ReactNode } from 'react';
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import { readableOnWhiteText } from '../domain/theme.ts';
import { messages } from './lib/messages.ts';
import { useNonce } from './lib/nonce.ts';
import { ErrorScreen } from './ui/error-screen.tsx';
import './lib/load-context.ts';

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.shop) {
    // the screen is the same for every page; the API (503) and the log say what is wrong
    throw data({ configInvalid: true }, { status: 503 });
  }
  return { shop: context.shop, origin: context.origin };
}

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: d?.shop.title || 'home' }];

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const nonce = useNonce();
  const shop = root?.shop;
  const colour = shop?.themeConfig.primaryColor ?? '#2874f0';
  return (
    <html lang={shop?.localeConfig.defaultLocale ?? 'en-US'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={colour} />
        {shop?.description ? <meta name="description" content={shop.description} /> : null}
        {/* without an icon of its own the shop says so, instead of browsers asking for /favicon.ico */}
        <link rel="icon" href={shop?.pwa.icons.logo192Png || 'data:,'} />
        <Meta />
        <Links />
        {/* the colour is a validated #rrggbb, so it cannot break out of the rule */}
        <style nonce={nonce.style} suppressHydrationWarning>{`:root{--color-primary:${colour};--color-primary-strong:${readableOnWhiteText(colour)}}`}</style>
      </head>
      <body className="min-h-dvh bg-slate-50 text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce.script} />
        <Scripts nonce={nonce.script} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorScreen title={messages.notFoundTitle} text={messages.notFoundText} />;
  }
  return <ErrorScreen title={messages.errorTitle} text={messages.errorText} />;
}
