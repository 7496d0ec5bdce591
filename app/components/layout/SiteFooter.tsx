import { Link } from '@tanstack/react-router'
import { FOOTER } from '../../lib/navigation'
import { Logo } from '../Logo'
import { SocialLinks } from './SocialLinks'

export function SiteFooter() {
  return (
    <footer className="border-t border-jacarta-100 bg-white dark:border-jacarta-600 dark:bg-jacarta-900">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-16 sm:px-6 md:grid-cols-6 lg:px-8">
        <div className="col-span-2">
          <Logo />
          <p className="mt-4 max-w-xs text-sm text-jacarta-500 dark:text-jacarta-200">
            Create, sell and collect truly rare digital artworks. Open source, settled on chain.
          </p>
          <SocialLinks only={['telegram', 'twitter', 'discord', 'instagram']} className="mt-6" />
        </div>
        {FOOTER.map((group) => (
          <div key={group.id}>
            <h2 className="font-display text-sm font-semibold">{group.title}</h2>
            <ul className="mt-4 space-y-2 text-sm text-jacarta-500 dark:text-jacarta-200">
              {group.links.map((link) => (
                <li key={link.id}>
                  <Link to={link.href} className="hover:text-accent">
                    {link.text}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="mx-auto flex max-w-7xl flex-col justify-between gap-2 border-t border-jacarta-100 px-4 py-6 text-sm text-jacarta-500 sm:flex-row sm:px-6 lg:px-8 dark:border-jacarta-600 dark:text-jacarta-200">
        <span>© {new Date().getFullYear()} Vitrine contributors. Open source.</span>
        <span>
          <Link to="/terms" className="hover:text-accent">
            Terms of Service
          </Link>
        </span>
      </div>
    </footer>
  )
}
