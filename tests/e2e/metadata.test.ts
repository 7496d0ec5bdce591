/**
 * An imported token whose metadata cannot be read, in a real browser: it still shows with its
 * number and contract, its page says why (its URI points at the cloud metadata address, which
 * is refused), and "Refresh metadata" puts it back in the queue and says so.
 */
import { describe, expect, inject, it } from 'vitest'
import { sharedBrowser, waitForHydration, watchErrors } from '../support/browser'
import { testAccount } from '../support/chain'
import { deployForeignPlain721 } from '../support/foreign'
import { sessionCookie } from '../support/session'

const baseUrl = inject('baseUrl')
const anvilUrl = inject('anvilUrl')
const browser = sharedBrowser()

describe('metadata of an imported token', () => {
  it('a refused token URI is explained on the item page, and Refresh metadata queues it again', async () => {
    // Account 0 deploys: the other browser tests send their transactions from accounts 7 and 8.
    const plain = await deployForeignPlain721(anvilUrl, {
      name: `Cloudy ${Date.now().toString(36)}`,
      baseURI: 'http://169.254.169.254/latest/meta-data/',
      owner: testAccount(0),
    })
    await plain.mint(testAccount(3).address, 1n)
    const importer = testAccount(3).address
    const imported = await fetch(`${baseUrl}/api/v1/collections/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: await sessionCookie(importer.toLowerCase()) },
      body: JSON.stringify({ chainId: 31337, contract: plain.address }),
    })
    expect(imported.status, await imported.clone().text()).toBe(202)

    // npm run dev's indexer loop backfills the token, then tries its metadata.
    let detail: { id: number; metadata: { status: string; error: string | null } } | undefined
    await expect
      .poll(
        async () => {
          const response = await fetch(`${baseUrl}/api/v1/nfts/31337/${plain.address}/1`)
          detail = response.ok ? ((await response.json()) as { data: NonNullable<typeof detail> }).data : undefined
          return detail?.metadata.error ?? null
        },
        { timeout: 45_000, interval: 1_000 },
      )
      .toBe('private address 169.254.169.254 refused')

    const page = await browser.newPage()
    const errors = watchErrors(page)
    await page.goto(`${baseUrl}/item/${detail!.id}`)
    await waitForHydration(page)
    await page.getByRole('heading', { name: '#1', level: 1 }).waitFor()
    await page.getByText(`Contract ${plain.address.slice(0, 6)}`).waitFor()
    await page.getByText('private address 169.254.169.254 refused').waitFor()
    await page.getByRole('button', { name: 'Refresh metadata' }).click()
    await page
      .getByRole('status')
      .getByText(/Queued: its metadata will be read again/)
      .waitFor()
    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])
    await page.close()
  }, 90_000)
})
