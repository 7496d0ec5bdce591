import { Link } from '@tanstack/react-router'
import { MENU } from '../../lib/navigation'
import { Icon, type IconName } from '../icons'
import { Section } from './Section'

export function Categories() {
  const items = MENU.find((g) => g.id === 'explore')?.items.filter((i) => i.id !== 'all') ?? []
  return (
    <Section title="Browse by category" id="categories">
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              to={item.path}
              search={item.search}
              className="flex flex-col items-center gap-3 rounded-2xl border border-jacarta-100 bg-white p-6 text-center font-semibold hover:border-accent hover:shadow-lg dark:border-jacarta-700 dark:bg-jacarta-800"
            >
              <span className="grid h-12 w-12 place-items-center rounded-full bg-accent/10 text-accent dark:text-accent-lighter">
                <Icon name={(item.icon ?? 'grid') as IconName} className="h-6 w-6" />
              </span>
              {item.name}
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  )
}
