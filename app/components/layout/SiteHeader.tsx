import { Link, useLocation } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import { headerVariant, type HeaderVariant } from '../../lib/navigation'
import { Icon } from '../icons'
import { Logo } from '../Logo'
import { ThemeToggle } from '../ThemeToggle'
import { DesktopNav } from './DesktopNav'
import { SearchForm } from './SearchForm'
import { NotificationBell } from '../notifications/NotificationBell'
import { CartButton } from '../cart/CartButton'
import { AccountMenu } from '../wallet/AccountMenu'
import { WalletButton } from '../wallet/WalletButton'

// Phones load the menu when it is first opened.
const MobileMenu = lazy(() => import('./MobileMenu').then((m) => ({ default: m.MobileMenu })))

/** Sticky once the page is scrolled more than 4px. */
export const STICKY_THRESHOLD_PX = 4

function useSticky(): boolean {
  const [sticky, setSticky] = useState(false)
  useEffect(() => {
    const update = () => setSticky(window.scrollY > STICKY_THRESHOLD_PX)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])
  return sticky
}

const variantStyles: Record<HeaderVariant, { idle: string; sticky: string }> = {
  default: {
    idle: 'bg-white/90 dark:bg-jacarta-900/90',
    sticky: 'bg-white/95 shadow-md dark:bg-jacarta-900/95',
  },
  transparent: { idle: 'bg-transparent', sticky: 'bg-white/95 shadow-md dark:bg-jacarta-900/95' },
  status: { idle: 'bg-white dark:bg-jacarta-900', sticky: 'bg-white shadow-md dark:bg-jacarta-900' },
  game: { idle: 'bg-jacarta-900 text-white dark', sticky: 'bg-jacarta-900 text-white shadow-md dark' },
}

export function SiteHeader() {
  const { pathname } = useLocation()
  const variant = headerVariant(pathname)
  const sticky = useSticky()
  const [menuOpen, setMenuOpen] = useState(false)
  const style = variantStyles[variant]

  return (
    <>
      <header
        data-variant={variant}
        data-sticky={sticky}
        className={`fixed inset-x-0 top-0 z-30 backdrop-blur transition-colors ${sticky ? style.sticky : style.idle}`}
      >
        <div className="mx-auto flex h-20 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
          <Link to="/" aria-label="Vitrine home" className="shrink-0">
            <Logo />
          </Link>

          {variant === 'status' ? (
            <>
              <span className="ml-2 rounded-full bg-jacarta-50 px-3 py-1 text-sm font-semibold dark:bg-jacarta-800">
                Status
              </span>
              <div className="ml-auto flex items-center gap-3">
                <Link
                  to="/newsletter"
                  search={{ topic: 'status' }}
                  className="rounded-full bg-accent px-5 py-2.5 text-sm font-semibold text-white hover:bg-accent-dark"
                >
                  Subscribe to Updates
                </Link>
                <ThemeToggle />
              </div>
            </>
          ) : (
            <>
              <div className="hidden flex-1 lg:block lg:max-w-xs">
                <SearchForm id="header-search" />
              </div>
              <DesktopNav pathname={pathname} />
              <div className="ml-auto flex items-center gap-2 lg:ml-0">
                <Link
                  to="/collection/explore_collection"
                  className="hidden rounded-full bg-accent px-5 py-2.5 text-sm font-semibold text-white shadow-accent hover:bg-accent-dark xl:inline-block"
                >
                  Marketplace
                </Link>
                <div className="hidden lg:block">
                  <WalletButton />
                </div>
                <CartButton />
                <NotificationBell />
                <AccountMenu />
                <ThemeToggle />
                <button
                  type="button"
                  className="grid h-10 w-10 place-items-center rounded-full border border-jacarta-100 lg:hidden dark:border-transparent dark:bg-white/15"
                  aria-label="Open menu"
                  aria-expanded={menuOpen}
                  aria-controls="mobile-menu"
                  onClick={() => setMenuOpen(true)}
                  data-testid="mobile-menu-toggle"
                >
                  <Icon name="menu" />
                </button>
              </div>
            </>
          )}
        </div>
      </header>
      {/* Outside <header>: its backdrop blur would otherwise confine a fixed, full-screen child. */}
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu pathname={pathname} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
