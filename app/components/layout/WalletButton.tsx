import { Link } from '@tanstack/react-router'
import { Icon } from '../icons'

/**
 * The header's wallet control. Until wallet connection lands (wagmi, SIWE), it is an honest
 * link to /login, where signing in will happen; it never pretends a wallet is connected.
 */
export function WalletButton({ label = 'Sign in' }: { label?: string }) {
  return (
    <Link
      to="/login"
      className="inline-flex h-10 items-center gap-2 rounded-full border border-jacarta-100 px-4 text-sm font-semibold hover:border-accent hover:bg-accent hover:text-white dark:border-transparent dark:bg-white/15"
      aria-label="Sign in with your wallet"
    >
      <Icon name="wallet" className="h-4 w-4" />
      <span>{label}</span>
    </Link>
  )
}
