import { SOCIAL } from '../../lib/navigation'
import { Icon, type IconName } from '../icons'

export function SocialLinks({ only, className = '' }: { only?: readonly string[]; className?: string }) {
  return (
    <ul className={`flex gap-5 ${className}`} aria-label="Vitrine on social media">
      {SOCIAL.filter((s) => !only || only.includes(s.id)).map((s) => (
        <li key={s.id}>
          <a
            href={s.href}
            rel="noopener noreferrer"
            target="_blank"
            className="text-jacarta-500 hover:text-accent dark:text-jacarta-200"
          >
            <Icon name={s.id as IconName} label={s.label} />
          </a>
        </li>
      ))}
    </ul>
  )
}
