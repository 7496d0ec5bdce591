/**
 * What the trading browser tests share: signing in with the injected test wallet, waiting for a
 * trade's outcome, and waiting for the indexer to list a holder's tokens.
 */
import { inject } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { openPage } from './browser'

export async function signInWithTestWallet(page: Page): Promise<void> {
  await openPage(page, '/login')
  await page.getByRole('button', { name: 'Sign in with Test Wallet' }).click()
  await page.waitForURL(/\/user\/0x/)
}

/** Waits for the trade to finish and answers what it said. */
export async function tradeOutcome(scope: Page | Locator): Promise<{ phase: string | null; text: string }> {
  const status = scope.getByTestId('trade-status').locator('[data-phase="done"], [data-phase="failed"]')
  await status.waitFor({ timeout: 45_000 }).catch(async (error: Error) => {
    const now = await scope
      .getByTestId('trade-status')
      .textContent()
      .catch(() => 'nothing (no trade status is shown)')
    throw new Error(`the trade did not finish; it says: ${now}`, { cause: error })
  })
  return { phase: await status.getAttribute('data-phase'), text: (await status.textContent()) ?? '' }
}

/** The holder's tokens of `contract` as the Owned API lists them, once the indexer has read them. */
export async function ownedOf(address: string, contract: string, deadline = Date.now() + 45_000) {
  for (;;) {
    const response = await fetch(`${inject('baseUrl')}/api/v1/users/owned/${address}?limit=100`)
    const data = ((await response.json()) as { data: { id: number; contract: string; name: string }[] }).data
    const found = data.filter((n) => n.contract === contract)
    if (found.length || Date.now() > deadline) return found
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
}
