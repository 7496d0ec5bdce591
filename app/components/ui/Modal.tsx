import { type ReactNode, useEffect, useRef } from 'react'
import { Icon } from '../icons'

/**
 * A modal on the native <dialog>: the browser traps focus and makes the page inert; Esc,
 * the close button and a click on the backdrop close it; focus returns to the opener.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  testId,
}: {
  open: boolean
  onClose: () => void
  title: string
  children: ReactNode
  testId?: string
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<Element | null>(null)

  useEffect(() => {
    const node = dialog.current
    if (!node) return
    if (open && !node.open) {
      opener.current = document.activeElement
      node.showModal()
    } else if (!open && node.open) {
      node.close()
    }
  }, [open])

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${testId ?? 'modal'}-title`}
      data-testid={testId}
      onClose={() => {
        onClose()
        if (opener.current instanceof HTMLElement) opener.current.focus()
      }}
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current?.close()
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white p-0 text-jacarta-700 shadow-2xl backdrop:bg-jacarta-900/70 backdrop:backdrop-blur-sm dark:bg-jacarta-800 dark:text-white"
    >
      {open && (
        <div className="p-6">
          <div className="mb-6 flex items-center justify-between gap-4">
            <h2 id={`${testId ?? 'modal'}-title`} className="font-display text-xl font-semibold">
              {title}
            </h2>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              aria-label="Close"
              className="grid h-9 w-9 place-items-center rounded-full hover:bg-jacarta-50 dark:hover:bg-jacarta-700"
            >
              <Icon name="close" />
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  )
}
