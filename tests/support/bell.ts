/** The header's bell in a browser test: wait until it has something unread, open it, follow a notice. */
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/** Waits (refocusing the page, as a visitor returning to it) until the bell says unread, then opens the notice named `name`. */
export async function followBellNotice(page: Page, name: RegExp): Promise<void> {
  const bell = page.getByTestId('bell')
  await bell.waitFor()
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.dispatchEvent(new Event('focus')))
        return bell.getAttribute('aria-label')
      },
      { timeout: 30_000 },
    )
    .toMatch(/unread/)
  await bell.click()
  const notice = page.getByRole('region', { name: 'Notifications' }).getByRole('link', { name })
  await notice.waitFor({ timeout: 10_000 })
  await notice.click()
}
