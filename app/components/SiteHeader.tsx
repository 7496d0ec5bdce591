import { Link } from '@tanstack/react-router'
import { Logo } from './Logo'
import { ThemeToggle } from './ThemeToggle'

export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 bg-white/80 backdrop-blur dark:border-slate-800 dark:bg-slate-950/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4">
        <Link to="/" aria-label="Vitrine home">
          <Logo />
        </Link>
        <ThemeToggle />
      </div>
    </header>
  )
}
