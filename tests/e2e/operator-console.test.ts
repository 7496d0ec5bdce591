/**
 * Running in public, in a real browser: a stranger reports an item from its page; the operator
 * makes a wallet a moderator in the console; the moderator signs in, opens /operator and hides the
 * item from the queue with a reason; it is gone from explore and search. Its owner reads why in
 * the bell and appeals from the decision's page; the operator reverses the decision from the
 * console's appeals: the item is back in explore and search, and its history says so.
 */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { openPage, sharedBrowser, waitForHydration } from '../support/browser'
import { testAccount } from '../support/chain'
import { visitorWithWallet } from '../support/test-wallet'
import { sessionCookie } from '../support/session'
import { signInWithTestWallet } from '../support/trade-page'
import { followBellNotice } from '../support/bell'

const baseUrl = inject('baseUrl')
const anvilUrl = inject('anvilUrl')
const browser = sharedBrowser()
// Past anvil's ten funded accounts and those other browser tests use; 0 is the dev world's operator.
const OPERATOR = 0
const STRANGER = 21
const MODERATOR = 22
// Owners an item may have in the dev world (accounts other tests sign in with are left out).
const OWNERS = Array.from({ length: 13 }, (_, i) => testAccount(i + 1).address.toLowerCase())

/** The item links of explore's first page, newest first. */
async function exploreItemIds(page: Page): Promise<number[]> {
  await openPage(page, '/collection/explore_collection')
  const cards = page.locator('main article a[href^="/item/"]')
  await cards.first().waitFor()
  const hrefs = await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href')!))
  return [...new Set(hrefs.map((href) => Number(/\/item\/(\d+)/.exec(href)![1])))]
}

/** Whether the search page for `query` links to item `id`. */
async function searchFinds(page: Page, query: string, id: number): Promise<boolean> {
  await openPage(page, `/search?q=${encodeURIComponent(query)}`)
  await page.getByRole('heading', { level: 1 }).waitFor()
  await page.waitForLoadState('networkidle')
  return (await page.locator(`a[href="/item/${id}"]`).count()) > 0
}

describe('the operator’s console', () => {
  it(
    'a moderator hides a reported item from the queue; its owner appeals; the operator restores it',
    { timeout: 300_000 },
    async () => {
      const stranger = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [STRANGER] })
      const operator = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [OPERATOR] })
      const moderator = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [MODERATOR] })
      try {
        // The newest item on explore held by a dev account (its owner appeals below), and its name for search.
        let id: number | undefined
        let name = ''
        let ownerIndex = 0
        for (const candidate of await exploreItemIds(stranger.page)) {
          const item = (await (await fetch(`${baseUrl}/api/v1/nfts/${candidate}`)).json()) as {
            data: { name: string; owner: string }
          }
          const index = OWNERS.indexOf(item.data.owner.toLowerCase())
          if (index < 0) continue
          ;[id, name, ownerIndex] = [candidate, item.data.name, index + 1]
          break
        }
        expect(id, 'an item on explore held by a dev account').toBeDefined()
        expect(await searchFinds(stranger.page, name, id!)).toBe(true)

        // A stranger reports it from its page.
        await signInWithTestWallet(stranger.page)
        await openPage(stranger.page, `/item/${id}`)
        await stranger.page.getByTestId('report-button').click()
        const report = stranger.page.getByTestId('report-dialog')
        await report.getByLabel('Reason').selectOption('stolen')
        await report.getByLabel('Note (optional)').fill('This was taken from my wallet last week.')
        await report.getByRole('button', { name: 'Send report' }).click()
        await report.getByTestId('report-sent').waitFor()

        // Before any role, the console refuses the stranger and shows no data.
        await openPage(stranger.page, '/operator')
        await stranger.page.getByTestId('console-refusal').getByText('Not for this wallet').waitFor()
        expect(await stranger.page.getByTestId('queue').count()).toBe(0)

        // The operator makes a wallet a moderator.
        await signInWithTestWallet(operator.page)
        await openPage(operator.page, '/operator?tab=moderators')
        await operator.page.getByLabel('Make a wallet a moderator').fill(testAccount(MODERATOR).address)
        await operator.page.getByRole('button', { name: 'Grant' }).click()
        await operator.page
          .getByTestId('moderator')
          .filter({ hasText: testAccount(MODERATOR).address.slice(0, 6) })
          .waitFor()

        // The moderator, signed in 20 minutes ago, hides it from the queue with a reason: the console
        // reads with that session, and asks the wallet to sign in again before the write.
        const [cookieName, value] = (
          await sessionCookie(testAccount(MODERATOR).address.toLowerCase(), { signedInAt: Date.now() - 20 * 60_000 })
        ).split('=') as [string, string]
        await moderator.page.context().addCookies([{ name: cookieName, value, url: baseUrl }])
        await openPage(moderator.page, '/operator')
        await moderator.page.getByTestId('writable-until').getByText('asked to sign in again').waitFor()
        const row = moderator.page.locator(`[data-testid="queue-row"][data-target="item:${id}"]`)
        await row.waitFor()
        await row.getByText('This was taken from my wallet last week.').waitFor()
        // Reported media is blurred until asked for.
        await row.getByRole('button', { name: 'Show media' }).click()
        await row.getByRole('button', { name: 'Hide' }).click()
        const dialog = moderator.page.getByTestId('reason-dialog')
        await dialog.getByLabel('Reason category').selectOption('stolen')
        await dialog
          .getByLabel('Statement of reasons')
          .fill('Reported stolen by its previous owner; hidden while we look.')
        await dialog.getByRole('button', { name: 'Hide' }).click()
        await row.waitFor({ state: 'detached' })
        expect(moderator.wallet.state.requests.filter((method) => method === 'personal_sign')).toHaveLength(1)

        // Gone from explore and search.
        await expect
          .poll(async () => (await exploreItemIds(stranger.page)).includes(id!), { timeout: 30_000 })
          .toBe(false)
        expect(await searchFinds(stranger.page, name, id!)).toBe(false)

        // Its owner reads why in the bell, follows it to the statement of reasons and appeals.
        const owner = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [ownerIndex] })
        try {
          await signInWithTestWallet(owner.page)
          await followBellNotice(owner.page, new RegExp(`Hidden by this marketplace: ${name}`))
          await owner.page.waitForURL('**/decisions/*')
          await waitForHydration(owner.page)
          await owner.page.getByText('Reported stolen by its previous owner; hidden while we look.').waitFor()
          await owner.page.getByLabel('Why this decision is wrong').fill('I minted it myself and never sold it.')
          await owner.page.getByRole('button', { name: 'Appeal' }).click()
          await owner.page.getByText('Waiting for a decision').waitFor()

          // The operator reads the appeal beside the decision in the console and reverses it.
          await openPage(operator.page, '/operator')
          const appeal = operator.page
            .getByTestId('appeal')
            .filter({ hasText: 'I minted it myself and never sold it.' })
          await appeal.getByText('Reported stolen by its previous owner; hidden while we look.').waitFor()
          await appeal.getByRole('button', { name: 'Reverse' }).click()
          const reverse = operator.page.getByTestId('reason-dialog')
          await reverse.getByLabel('Statement of reasons').fill('The report was mistaken: the owner minted it.')
          await reverse.getByRole('button', { name: 'Reverse', exact: true }).click()
          await appeal.waitFor({ state: 'detached' })

          // The owner's page says the appeal was granted.
          await owner.page.reload()
          await waitForHydration(owner.page)
          await owner.page.getByText('Granted').waitFor()
          expect(owner.errors).toEqual([])
        } finally {
          await owner.close()
        }

        await expect
          .poll(async () => (await exploreItemIds(stranger.page)).includes(id!), { timeout: 30_000 })
          .toBe(true)
        expect(await searchFinds(stranger.page, name, id!)).toBe(true)

        // The item's history in the console says the hide was reversed.
        const history = operator.page.getByTestId('history')
        await history.getByLabel('Item, collection or profile').fill(`/item/${id}`)
        await history.getByRole('button', { name: 'Show decisions' }).click()
        await history
          .getByTestId('decision')
          .filter({ hasText: 'Hidden' })
          .getByText('reversed', { exact: true })
          .waitFor()

        expect([...stranger.errors, ...operator.errors, ...moderator.errors]).toEqual([])
      } finally {
        await Promise.all([stranger.close(), operator.close(), moderator.close()])
      }
    },
  )
})
