import { Link } from '@tanstack/react-router'
import { shortenAddress } from '../lib/format'

/** An account's address, shortened, linking to its public page. */
export function AddressLink({ address }: { address: string }) {
  return (
    <Link to="/user/$address" params={{ address }} className="hover:text-accent">
      {shortenAddress(address)}
    </Link>
  )
}
