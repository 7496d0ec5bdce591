/**
 * A contract that names no owner, imported by address: its item and collection pages say
 * "Creator unknown", never the zero address as an author.
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { openPage, sharedBrowser, watchErrors } from '../support/browser'
import { testAccount } from '../support/chain'
import { deployForeignPlain721 } from '../support/foreign'
import { signIn } from '../support/sign-in'

const baseUrl = inject('baseUrl')
const anvilUrl = inject('anvilUrl')
const browser = sharedBrowser()

describe('an item whose contract names no owner', () => {
  it('says "Creator unknown" on its page and its collection page', async () => {
    const name = `Ownerless ${Date.now().toString(36)}`
    const plain = await deployForeignPlain721(anvilUrl, { name, owner: testAccount(0) })
    await plain.mint(testAccount(2).address, 1n)

    const api = (path: string, init?: RequestInit) => fetch(baseUrl + path, init)
    const cookie = await signIn(api, privateKeyToAccount(generatePrivateKey()), baseUrl)
    const imported = await api('/api/v1/collections/import', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ chainId: 31337, contract: plain.address }),
    })
    expect(imported.status).toBeLessThan(300)
    const { data: collection } = (await imported.json()) as { data: { slug: string; creator: string | null } }
    expect(collection.creator).toBeNull()

    // The backfill reads the token within a few rounds of the dev server's indexer.
    let nft: { id: number; creator: string | null } | undefined
    await expect
      .poll(
        async () => {
          const response = await api(`/api/v1/nfts/31337/${plain.address}/1`)
          if (response.ok) nft = ((await response.json()) as { data: typeof nft }).data
          return response.status
        },
        { timeout: 45_000, interval: 500 },
      )
      .toBe(200)
    expect(nft!.creator).toBeNull()

    const page = await browser.newPage()
    const errors = watchErrors(page)
    await openPage(page, `/item/${nft!.id}`)
    const creator = page.getByTestId('creator-unknown')
    await creator.waitFor()
    expect(await creator.textContent()).toBe('Creator unknown')
    expect(await page.getByText('Created by').count()).toBe(0)
    expect(await page.locator('body').textContent()).not.toMatch(/0x0{8}/)

    await openPage(page, `/collection/${collection.slug}`)
    await page.getByRole('heading', { name, level: 1 }).waitFor()
    expect(await page.getByTestId('creator-unknown').textContent()).toMatch(/^Creator unknown/)
    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])
    await page.close()
  }, 90_000)
})
