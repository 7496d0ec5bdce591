/**
 * A flag and a feature as a visitor sees them: an item the operator flagged stolen shows the
 * banner with the day and reason and offers no Buy, Place bid, Make offer or Sell button; cleared,
 * it trades again. A featured collection leads the home page's Featured section. Decisions are
 * taken over tRPC by `npm run dev`'s operator (dev account 0), as the console does.
 */
import { describe, expect, inject, it } from 'vitest'
import { openPage, sharedBrowser, watchErrors } from '../support/browser'
import { operatorSession } from '../support/operator-session'

const baseUrl = inject('baseUrl')
const browser = sharedBrowser()

/** A tRPC mutation as the operator, signed in just now. */
async function asOperator<T>(procedure: string, input: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api/trpc/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: await operatorSession(baseUrl) },
    body: JSON.stringify(input),
  })
  const body = (await response.json()) as { result?: { data: T }; error?: unknown }
  if (!response.ok) throw new Error(`${procedure}: ${response.status} ${JSON.stringify(body.error)}`)
  return body.result!.data
}
const reverse = (id: number) => asOperator('moderation.reverse', { id, reason: 'Checked again: cleared.' })

const TRADE_BUTTONS = /^(Buy now|Place bid|Make offer|Sell|Accept)$/

describe('a flagged item', () => {
  it('says why on its page and offers no trade; cleared, it trades again', async () => {
    const list = (await (await fetch(`${baseUrl}/api/v1/nfts?chain=31337&limit=1`)).json()) as {
      data: { id: number }[]
    }
    const id = list.data[0]!.id
    const flag = await asOperator<{ id: number }>('moderation.decide', {
      action: 'flag_stolen',
      target: { kind: 'item', id },
      category: 'stolen',
      reason: 'Taken from its owner by a phishing site.',
    })
    const page = await browser.newPage()
    const errors = watchErrors(page)
    try {
      await openPage(page, `/item/${id}`)
      const banner = page.getByTestId('flagged-banner')
      await expect
        .poll(() => banner.textContent())
        .toMatch(
          /^Reported stolen: this marketplace flagged this item on \d{1,2} \w+ \d{4}: Taken from its owner by a phishing site\.$/,
        )
      expect(await page.getByTestId('flagged-no-trade').count()).toBe(1)
      expect(await page.getByRole('button', { name: TRADE_BUTTONS }).count()).toBe(0)
    } finally {
      await reverse(flag.id)
    }
    await openPage(page, `/item/${id}`)
    expect(await page.getByTestId('flagged-banner').count()).toBe(0)
    await expect.poll(() => page.getByRole('button', { name: TRADE_BUTTONS }).count()).toBeGreaterThan(0)
    expect(errors).toEqual([])
    await page.close()
  })
})

describe('a featured collection', () => {
  it('leads the home page’s Featured section until the feature is reversed', async () => {
    const list = (await (await fetch(`${baseUrl}/api/v1/collections?tab=recent&limit=1`)).json()) as {
      data: { slug: string; name: string }[]
    }
    const { slug, name } = list.data[0]!
    const feature = await asOperator<{ id: number }>('moderation.decide', {
      action: 'feature',
      target: { kind: 'collection', idOrSlug: slug },
      category: 'editorial',
      reason: 'This week’s pick.',
    })
    const page = await browser.newPage()
    const errors = watchErrors(page)
    try {
      await openPage(page, '/')
      const featured = page.getByTestId('featured-collections').getByRole('link')
      expect(await featured.first().textContent()).toBe(name)
    } finally {
      await reverse(feature.id)
    }
    await openPage(page, '/')
    expect(await page.getByTestId('featured-collections').count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })
})
