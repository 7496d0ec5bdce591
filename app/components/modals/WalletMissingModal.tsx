import { Modal } from '../ui/Modal'

export const METAMASK_DOWNLOAD_URL = 'https://metamask.io/download/'

/** Shown when no browser wallet is installed. */
export function WalletMissingModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Wallet not found" testId="wallet-modal">
      <p>
        You don't have MetaMask in your browser, please download it from{' '}
        <a href={METAMASK_DOWNLOAD_URL} target="_blank" rel="noopener noreferrer" className="text-accent underline">
          MetaMask
        </a>
      </p>
      <a
        href={METAMASK_DOWNLOAD_URL}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-6 block rounded-full bg-accent py-3 text-center font-semibold text-white hover:bg-accent-dark"
      >
        Get Metamask
      </a>
    </Modal>
  )
}
