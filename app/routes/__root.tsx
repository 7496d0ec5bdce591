/// <reference types="vite/client" />
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, HeadContent, Outlet, Scripts, useLocation } from '@tanstack/react-router'
import type { TRPCClient } from '@trpc/client'
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query'
import { type ReactNode, useEffect } from 'react'
import type { AppRouter } from '../../server/trpc/root'
import { SiteFooter } from '../components/layout/SiteFooter'
import { SiteHeader } from '../components/layout/SiteHeader'
import { WalletNotice } from '../components/wallet/WalletNotice'
import { headerVariant } from '../lib/navigation'
import { pageTitle, SITE_DESCRIPTION, SITE_KEYWORDS } from '../lib/seo'
import { themeBootScript } from '../lib/theme'
import { WalletProvider } from '../wallet/WalletProvider'
import appCss from '../styles.css?url'

export interface RouterContext {
  queryClient: QueryClient
  trpc: TRPCOptionsProxy<AppRouter>
  /** The tRPC client, loaded on first use, for calls outside React Query (e.g. the one-time sign-in nonce). */
  loadTrpcClient: () => Promise<TRPCClient<AppRouter>>
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The session and the wallet's starting point are known while rendering on the server.
  loader: async ({ context }) => {
    const [origin] = await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.site.origin.queryOptions(undefined, { staleTime: Infinity })),
      context.queryClient.ensureQueryData(context.trpc.session.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.wallet.queryOptions(undefined, { staleTime: Infinity })),
    ])
    return { origin }
  },
  head: ({ loaderData, matches }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { title: pageTitle('Discover, collect and sell NFTs') },
      { name: 'description', content: SITE_DESCRIPTION },
      { name: 'keywords', content: SITE_KEYWORDS },
      { name: 'color-scheme', content: 'light dark' },
    ],
    links: [
      { rel: 'stylesheet', href: appCss },
      { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' },
      // One URL per page for search engines: the path, without filters or paging.
      ...(loaderData ? [{ rel: 'canonical', href: canonicalUrl(loaderData.origin, matches.at(-1)?.pathname) }] : []),
    ],
    scripts: [{ children: themeBootScript }],
  }),
  shellComponent: RootDocument,
  component: RootLayout,
})

/** Index routes match with a trailing slash ('/blog/'); the page's URL has none. */
const canonicalUrl = (origin: string, pathname = '/') => `${origin}${pathname.replace(/(.)\/$/, '$1')}`

function RootDocument({ children }: { children: ReactNode }) {
  return (
    // The boot script sets the theme class before hydration; React must not fight it.
    <html lang="en" suppressHydrationWarning>
      <head>
        <HeadContent />
      </head>
      <body className="min-h-screen bg-white text-jacarta-700 antialiased dark:bg-jacarta-900 dark:text-white">
        {children}
        <Scripts />
      </body>
    </html>
  )
}

function RootLayout() {
  useEffect(() => {
    // Lets tests (and CSS, if ever needed) know that the page is interactive.
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  const { pathname } = useLocation()
  return (
    <WalletProvider>
      {/* /login renders without the shared layout. */}
      {pathname === '/login' ? <Outlet /> : <SiteLayout pathname={pathname} />}
      <WalletNotice />
    </WalletProvider>
  )
}

function SiteLayout({ pathname }: { pathname: string }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className={headerVariant(pathname) === 'transparent' ? '' : 'pt-20'}>
        <Outlet />
      </main>
      <SiteFooter />
    </>
  )
}
