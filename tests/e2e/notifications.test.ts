/**
 * Notifications in a real browser: a seller sets an email address and confirms it through the link
 * the local mail catcher received; while signed in, another wallet buys their listing; the bell's
 * list tells of the sale, links to it and is marked read, and the sale is mailed. The settings on
 * the profile keep what the wallet chose.
 */
import { Webhook } from 'standardwebhooks'
import { describe, expect, inject, it } from 'vitest'
import { openPage, sharedBrowser, waitForHydration, watchErrors } from '../support/browser'
import { testAccount } from '../support/chain'
import { visitorWithWallet } from '../support/test-wallet'
import { buyAsAnotherWallet, signInWithTestWallet } from '../support/trade-page'

const baseUrl = inject('baseUrl')
const anvilUrl = inject('anvilUrl')
const mailUrl = inject('mailUrl')
const hookUrl = inject('hookUrl')
const browser = sharedBrowser()
// Past anvil's ten funded accounts and those other browser tests use.
const BUYER = 14

/** The text of the newest mail the catcher holds for `to` whose subject matches, once there is one. */
async function mailTo(to: string, subject: RegExp): Promise<string> {
  let page = ''
  await expect
    .poll(
      async () => {
        const list = await (await fetch(mailUrl)).text()
        const rows = [...list.matchAll(/<tr>(.*?)<\/tr>/gs)].map((row) => row[1]!)
        const row = rows.find((r) => r.includes(to) && subject.test(r.replace(/<[^>]+>/g, '')))
        const name = row && /href="\/mail\/([^"]+)"/.exec(row)?.[1]
        if (!name) return false
        page = (await (await fetch(`${mailUrl}/mail/${name}`)).text()).replaceAll('&amp;', '&')
        return true
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true)
  return page
}

describe('notifications', () => {
  it('the seller’s bell tells of the sale, links to it and is marked read', { timeout: 180_000 }, async () => {
    // The third-cheapest fixed-price ERC-721 (the trading and live-page tests take the first two).
    const response = await fetch(
      `${baseUrl}/api/v1/nfts?chain=31337&status=buy-now&filter=verified&sort=price-asc&limit=3`,
    )
    const nft = ((await response.json()) as { data: { id: number; name: string; owner: string }[] }).data.at(-1)!
    const sellerIndex = Array.from({ length: 13 }, (_, i) => i).find(
      (i) => testAccount(i).address.toLowerCase() === nft.owner.toLowerCase(),
    )
    expect(sellerIndex, `a test account owns ${nft.owner}`).toBeDefined()

    const seller = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [sellerIndex!] })
    const errors = watchErrors(seller.page)
    await signInWithTestWallet(seller.page)
    const bell = seller.page.getByTestId('bell')
    await bell.waitFor()

    // An email address, confirmed by the link the catcher received.
    const email = `seller-${Date.now()}@example.com`
    await openPage(seller.page, `/profile/${testAccount(sellerIndex!).address}`)
    await seller.page.getByLabel('Email address').fill(email)
    await seller.page.getByRole('button', { name: 'Send confirmation link' }).click()
    await seller.page.getByRole('status').getByText(`We mailed a confirmation link to ${email}`).waitFor()
    const confirmation = await mailTo(email, /confirm/i)
    const link = /https?:\/\/[^\s"<>]+\/api\/v1\/notifications\/email\/confirm\?token=[\w-]+/.exec(confirmation)?.[0]
    expect(link, confirmation).toBeDefined()
    await seller.page.goto(link!.replace(/^https?:\/\/[^/]+/, baseUrl))
    await seller.page.getByText('Your email address is confirmed').waitFor()
    await waitForHydration(seller.page)

    // A webhook: the secret shown once, a test event the endpoint took.
    await seller.page.getByLabel('Webhook URL').fill(`${hookUrl}/vitrine`)
    await seller.page.getByRole('button', { name: 'Add webhook' }).click()
    const secretBox = seller.page.getByLabel('Signing secret')
    await secretBox.waitFor()
    const secret = await secretBox.inputValue()
    expect(secret).toMatch(/^whsec_/)
    await seller.page.getByRole('button', { name: 'Send a test event' }).click()
    await seller.page.getByText(/The endpoint answered 204/).waitFor()

    const { buyer, outcome } = await buyAsAnotherWallet(browser, anvilUrl, nft.id, BUYER)
    expect(outcome, outcome.text).toMatchObject({ phase: 'done' })

    // The badge counts it once the tab looks again (focus), and the list says what happened.
    const sold = `${nft.name} sold`
    await expect
      .poll(
        async () => {
          await seller.page.evaluate(() => window.dispatchEvent(new Event('focus')))
          return bell.getAttribute('aria-label')
        },
        { timeout: 30_000 },
      )
      .toMatch(/unread/)
    await bell.click()
    const panel = seller.page.getByRole('region', { name: 'Notifications' })
    const item = panel.getByRole('link', { name: new RegExp(sold) })
    await item.waitFor({ timeout: 10_000 })
    await panel.getByRole('button', { name: 'Mark all read' }).click()
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Notifications')
    expect(await seller.page.getByTestId('bell-count').count()).toBe(0)
    await item.click()
    await seller.page.waitForURL(`**/item/${nft.id}`)

    // Settings: turning sales off in the site is kept.
    await openPage(seller.page, `/profile/${testAccount(sellerIndex!).address}`)
    const box = seller.page.getByRole('checkbox', { name: 'Your listing sold: Site' })
    // Enabled once the wallet's preferences are read.
    await expect.poll(() => box.isEnabled(), { timeout: 10_000 }).toBe(true)
    expect(await box.isChecked()).toBe(true)
    await box.uncheck()
    await seller.page.getByRole('status').getByText('Saved.').waitFor()
    await seller.page.reload()
    await expect.poll(() => box.isEnabled(), { timeout: 10_000 }).toBe(true)
    expect(await box.isChecked()).toBe(false)
    await box.check()
    await seller.page.getByRole('status').getByText('Saved.').waitFor()

    // The sale was mailed too (the confirmation was no notification: no gap to wait).
    expect(await mailTo(email, new RegExp(sold))).toContain(`/item/${nft.id}`)
    // And posted to the webhook, signed so that the reference library accepts it.
    const posted = async () => {
      const all = (await (await fetch(`${hookUrl}/received`)).json()) as {
        body: string
        headers: Record<string, string>
      }[]
      return all.filter((r) => r.body.includes('notification.listing_sold') && r.body.includes(`"id":${nft.id},`))
    }
    await expect.poll(async () => (await posted()).length, { timeout: 30_000 }).toBe(1)
    const [hook] = await posted()
    const event = new Webhook(secret).verify(hook!.body, hook!.headers) as { data: { title: string } }
    expect(event.data.title).toBe(sold)

    expect(errors.filter((error) => !error.includes('Failed to load resource'))).toEqual([])
    await Promise.all([seller.close(), buyer.close()])
  })
})
