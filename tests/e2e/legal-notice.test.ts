/**
 * The legal notice form in a real browser, without a wallet: a notice left without the statement
 * of good faith is named beside it; sent, it asks its sender to confirm by mail; the link the local
 * mail catcher received confirms it, and the page says it is in the moderators' queue; opened again,
 * the page says it was used.
 */
import { describe, expect, inject, it } from 'vitest'
import { openPage, sharedBrowser, watchErrors } from '../support/browser'

const baseUrl = inject('baseUrl')
const mailUrl = inject('mailUrl')
const browser = sharedBrowser()

/** The confirmation link in the newest mail the catcher holds for `to`, once there is one. */
async function linkMailedTo(to: string): Promise<string> {
  let link = ''
  await expect
    .poll(
      async () => {
        const list = await (await fetch(mailUrl)).text()
        const row = [...list.matchAll(/<tr>(.*?)<\/tr>/gs)].map((r) => r[1]!).find((r) => r.includes(to))
        const name = row && /href="\/mail\/([^"]+)"/.exec(row)?.[1]
        if (!name) return false
        const page = (await (await fetch(`${mailUrl}/mail/${name}`)).text()).replaceAll('&amp;', '&')
        link = /https?:\/\/[^\s"<]+\/api\/v1\/legal-notices\/confirm\?token=[\w%-]+/.exec(page)?.[0] ?? ''
        return link !== ''
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true)
  return link
}

describe('the legal notice form', () => {
  it('sends a notice without a wallet; the mailed link puts it in the queue, once', { timeout: 120_000 }, async () => {
    const nft = ((await (await fetch(`${baseUrl}/api/v1/nfts?limit=1`)).json()) as { data: { id: number }[] }).data[0]!
    const page = await browser.newPage()
    const errors = watchErrors(page)
    expect((await openPage(page, '/legal-notice'))?.status()).toBe(200)
    const email = `notice-${Date.now()}@example.test`
    await page.getByLabel('Your name').fill('Ada Lovelace')
    await page.getByLabel('Your email').fill(email)
    await page.getByLabel(/The content/).fill(`/item/${nft.id}`)
    await page.getByLabel('What is wrong').selectOption('intellectual_property')
    await page.getByLabel('The right infringed or the law broken').fill('My copyright in the drawing "Engine".')
    await page.getByRole('button', { name: 'Send notice' }).click()
    await expect.poll(() => page.getByText(/Statement of good faith: must be true/).count()).toBe(1)

    await page.getByLabel(/I state in good faith/).check()
    await page.getByRole('button', { name: 'Send notice' }).click()
    await page.getByText(/Open the link we mailed you within 24 hours/).waitFor()

    const link = await linkMailedTo(email)
    await page.goto(link)
    await page.getByText(/it is now in the moderators’ queue/).waitFor()
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/legal-notice?notice=confirmed')
    await page.goto(link)
    await page.getByText(/This notice was confirmed already/).waitFor()
    expect(errors).toEqual([])
    await page.close()
  })
})
