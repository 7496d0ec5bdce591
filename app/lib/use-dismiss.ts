import { type RefObject, useEffect } from 'react'

/**
 * Closes a popup (menu, dropdown) while it is open: Esc closes it and puts focus back on its
 * opener, a click outside `container` closes it.
 */
export function useDismiss(
  open: boolean,
  container: RefObject<HTMLElement | null>,
  close: () => void,
  opener: () => HTMLElement | null | undefined,
) {
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      close()
      opener()?.focus()
    }
    const onClick = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) close()
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('click', onClick)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('click', onClick)
    }
  }, [open, container, close, opener])
}
