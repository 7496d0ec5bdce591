import { currentTheme, setTheme } from '../lib/theme'
import { Icon } from './icons'

/** Flips between light and dark; the icons swap through CSS so server and client markup agree. */
export function ThemeToggle() {
  return (
    <button
      type="button"
      onClick={() => setTheme(currentTheme() === 'dark' ? 'light' : 'dark')}
      className="grid h-10 w-10 place-items-center rounded-full border border-jacarta-100 text-jacarta-700 hover:border-accent hover:bg-accent hover:text-white dark:border-transparent dark:bg-white/15 dark:text-white"
      aria-label="Toggle dark mode"
      data-testid="theme-toggle"
    >
      <Icon name="moon" className="h-5 w-5 dark:hidden" />
      <Icon name="sun" className="hidden h-5 w-5 dark:block" />
    </button>
  )
}
