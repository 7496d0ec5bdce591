import type { DiscoveredWallet } from '../../wallet/WalletProvider'
import { Modal } from '../ui/Modal'

/** With several wallets installed, the visitor picks one (each with its own name and icon). */
export function WalletPickerModal({
  open,
  wallets,
  onPick,
  onClose,
}: {
  open: boolean
  wallets: DiscoveredWallet[]
  onPick: (wallet: DiscoveredWallet) => void
  onClose: () => void
}) {
  return (
    <Modal open={open} onClose={onClose} title="Choose a wallet" testId="wallet-picker">
      <ul className="space-y-2">
        {wallets.map((wallet) => (
          <li key={wallet.id}>
            <button
              type="button"
              onClick={() => onPick(wallet)}
              className="flex w-full items-center gap-3 rounded-xl border border-jacarta-100 px-4 py-3 text-left font-semibold hover:border-accent dark:border-jacarta-600"
            >
              {wallet.icon ? (
                <img src={wallet.icon} alt="" width={28} height={28} className="h-7 w-7 rounded" />
              ) : (
                <span className="h-7 w-7 rounded bg-accent/20" aria-hidden="true" />
              )}
              {wallet.name}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  )
}
