import { Link } from '@tanstack/react-router'
import { useCallback, useRef, useState } from 'react'
import { activeMenu, MENU, type MenuItem } from '../../lib/navigation'
import { useDismiss } from '../../lib/use-dismiss'
import { Icon, type IconName } from '../icons'

export function NewBadge() {
  return (
    <span className="rounded bg-green/15 px-1.5 py-0.5 text-[0.625rem] font-bold tracking-wide text-emerald-700 uppercase dark:text-emerald-300">
      new
    </span>
  )
}

export function MenuLink({ item, active, onChoose }: { item: MenuItem; active: boolean; onChoose?: () => void }) {
  return (
    <Link
      to={item.path}
      search={item.search}
      onClick={onChoose}
      aria-current={active ? 'page' : undefined}
      data-active={active}
      className={`flex items-center gap-3 rounded-xl px-4 py-2 text-sm font-medium hover:bg-jacarta-50 hover:text-accent dark:hover:bg-jacarta-600 ${
        active ? 'text-accent dark:text-accent-lighter' : ''
      }`}
    >
      {item.icon && (
        <span className="grid h-8 w-8 place-items-center rounded-full bg-accent/10 text-accent dark:text-accent-lighter">
          <Icon name={item.icon as IconName} className="h-4 w-4" />
        </span>
      )}
      <span>{item.name}</span>
      {item.isNew && <NewBadge />}
    </Link>
  )
}

/** Four dropdown groups; hover or click opens, Esc closes, the active group is highlighted. */
export function DesktopNav({ pathname }: { pathname: string }) {
  const [open, setOpen] = useState<string | null>(null)
  const active = activeMenu(pathname)
  const nav = useRef<HTMLElement>(null)

  const close = useCallback(() => setOpen(null), [])
  const opener = useCallback(() => nav.current?.querySelector<HTMLButtonElement>(`#nav-${open}`), [open])
  useDismiss(open !== null, nav, close, opener)

  return (
    <nav ref={nav} aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center">
        {MENU.map((group) => {
          const isOpen = open === group.id
          const isActive = active.group === group.id
          return (
            <li
              key={group.id}
              className="relative"
              onMouseEnter={() => setOpen(group.id)}
              onMouseLeave={() => setOpen((current) => (current === group.id ? null : current))}
            >
              <button
                id={`nav-${group.id}`}
                type="button"
                aria-expanded={isOpen}
                aria-controls={`nav-${group.id}-menu`}
                data-active={isActive}
                onClick={() => setOpen(isOpen ? null : group.id)}
                className={`flex items-center gap-1 px-4 py-3 font-display text-base font-semibold hover:text-accent ${
                  isActive ? 'text-accent dark:text-accent-lighter' : ''
                }`}
              >
                {group.title}
                <Icon name="chevron" className="h-4 w-4" />
              </button>
              <div
                id={`nav-${group.id}-menu`}
                hidden={!isOpen}
                className="absolute top-full left-0 z-40 rounded-2xl bg-white p-2 shadow-xl dark:bg-jacarta-800"
              >
                <ul
                  className={
                    group.id === 'explore'
                      ? 'grid min-w-[28rem] grid-flow-col grid-cols-2 grid-rows-5 gap-x-2'
                      : group.items.length > 10
                        ? 'grid min-w-[28rem] grid-cols-2 gap-x-2'
                        : 'min-w-[200px]'
                  }
                >
                  {group.items.map((item) => (
                    <li key={item.id}>
                      <MenuLink item={item} active={active.item === item.id} onChoose={() => setOpen(null)} />
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          )
        })}
        <li>
          <Link
            to="/create"
            className="px-4 py-3 font-display text-base font-semibold hover:text-accent"
            activeProps={{ className: 'text-accent' }}
          >
            Create
          </Link>
        </li>
      </ul>
    </nav>
  )
}
