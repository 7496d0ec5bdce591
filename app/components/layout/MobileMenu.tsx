import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { activeMenu, MENU } from '../../lib/navigation'
import { Icon } from '../icons'
import { Logo } from '../Logo'
import { MenuLink } from './DesktopNav'
import { SearchForm } from './SearchForm'
import { SocialLinks } from './SocialLinks'
import { WalletButton } from '../wallet/WalletButton'

/** Menus are desktop-only from this width up. */
export const DESKTOP_MIN_WIDTH_PX = 1024

/**
 * Full-screen menu for small screens: an accordion with one group open at a time (choosing
 * the open one closes it). It closes when a link is chosen, on Esc, and at ≥ 1024px.
 */
export function MobileMenu({ pathname, onClose }: { pathname: string; onClose: () => void }) {
  const [openGroup, setOpenGroup] = useState<string | null>(null)
  const active = activeMenu(pathname)

  useEffect(() => {
    const wide = window.matchMedia(`(min-width: ${DESKTOP_MIN_WIDTH_PX}px)`)
    const onWide = () => wide.matches && onClose()
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose()
    onWide()
    wide.addEventListener('change', onWide)
    document.addEventListener('keydown', onKey)
    document.body.style.overflow = 'hidden'
    return () => {
      wide.removeEventListener('change', onWide)
      document.removeEventListener('keydown', onKey)
      document.body.style.overflow = ''
    }
  }, [onClose])

  return (
    <div
      id="mobile-menu"
      role="dialog"
      aria-modal="true"
      aria-label="Menu"
      className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white text-jacarta-700 dark:bg-jacarta-800 dark:text-white"
    >
      <div className="flex h-20 items-center justify-between px-4">
        <Link to="/" onClick={onClose} aria-label="Vitrine home">
          <Logo />
        </Link>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close menu"
          autoFocus
          className="grid h-10 w-10 place-items-center rounded-full border border-jacarta-100 dark:border-transparent dark:bg-white/15"
        >
          <Icon name="close" />
        </button>
      </div>
      <div className="px-4 pb-4">
        <SearchForm id="mobile-search" />
      </div>
      <nav aria-label="Mobile" className="px-4">
        <ul>
          {MENU.map((group) => {
            const isOpen = openGroup === group.id
            return (
              <li key={group.id} className="border-b border-jacarta-100 dark:border-jacarta-600">
                <button
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={`mobile-${group.id}`}
                  onClick={() => setOpenGroup(isOpen ? null : group.id)}
                  className={`flex w-full items-center justify-between py-4 font-display text-lg font-semibold ${
                    active.group === group.id ? 'text-accent dark:text-accent-lighter' : ''
                  }`}
                >
                  {group.title}
                  <Icon name="chevron" className={`h-5 w-5 transition-transform ${isOpen ? 'rotate-180' : ''}`} />
                </button>
                <ul id={`mobile-${group.id}`} hidden={!isOpen} className="pb-3">
                  {group.items.map((item) => (
                    <li key={item.id}>
                      <MenuLink item={item} active={active.item === item.id} onChoose={onClose} />
                    </li>
                  ))}
                </ul>
              </li>
            )
          })}
          <li className="border-b border-jacarta-100 dark:border-jacarta-600">
            <Link to="/create" onClick={onClose} className="block py-4 font-display text-lg font-semibold">
              Create
            </Link>
          </li>
        </ul>
      </nav>
      <div className="mt-6 px-4">
        <Link
          to="/collection/explore_collection"
          onClick={onClose}
          className="mb-3 block rounded-full bg-accent py-3 text-center font-semibold text-white"
        >
          Marketplace
        </Link>
        <div className="flex flex-col items-center">
          <WalletButton label="Connect a wallet" mobile />
        </div>
      </div>
      <SocialLinks className="mt-auto justify-center py-8" />
    </div>
  )
}
