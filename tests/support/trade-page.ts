/**
 * What the trading browser tests share: signing in with the injected test wallet, waiting for a
 * trade's outcome, buying as another wallet, and waiting for the indexer to list a holder's tokens.
 */
import { createTestClient, http, parseEther } from 'viem'
import { anvil } from 'viem/chains'
import { inject } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { openPage, type TestBrowser } from './browser'
import { testAccount } from './chain'
import { visitorWithWallet } from './test-wallet'

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

/**
 * Test account `account` (past anvil's funded ones: funded here, its transactions sent by anvil
 * impersonating it) signs in and buys NFT `nftId` at its listed price in the browser. Answers the
 * trade's outcome and the visitor, for the caller to close.
 */
export async function buyAsAnotherWallet(browser: TestBrowser, anvilUrl: string, nftId: number, account: number) {
  const chain = createTestClient({ chain: anvil, mode: 'anvil', transport: http(anvilUrl) })
  await chain.setBalance({ address: testAccount(account).address, value: parseEther('100000') })
  await chain.impersonateAccount({ address: testAccount(account).address })
  const buyer = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [account] })
  await signInWithTestWallet(buyer.page)
  await openPage(buyer.page, `/item/${nftId}`)
  await buyer.page.getByRole('button', { name: 'Buy now' }).click()
  const checkout = buyer.page.getByTestId('checkout-modal')
  await checkout.getByRole('checkbox').check()
  await checkout.getByRole('button', { name: 'Confirm Checkout' }).click()
  return { buyer, outcome: await tradeOutcome(checkout) }
}
