/**
 * What a visitor sees of moderation in a browser: a collection marked as a scam warns first and
 * shows its page once they choose to go on; a hidden item's page says why, with no picture, and
 * is gone from explore. Decisions are written to the dev server's database (the console that takes
 * them is tested on its own), and reversed at the end.
 */
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { createDatabase } from '../../db/client'
import { recordDecision, reverseDecision } from '../../db/market'
import { openPage, sharedBrowser, watchErrors } from '../support/browser'

const baseUrl = inject('baseUrl')
const db = createDatabase({ url: inject('databaseUrl') })
const browser = sharedBrowser()
const OPERATOR = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const decided: number[] = []

afterAll(async () => {
  for (const id of decided) await reverseDecision(db, id, { actor: OPERATOR, reason: 'test over' })
  db.$client.close()
})

async function decide(...args: Parameters<typeof recordDecision>[1][]) {
  for (const record of args) decided.push((await recordDecision(db, record)).id)
}

describe('moderation as a visitor meets it', () => {
  it('a scam collection warns first, then shows its page; a hidden item says why, without its picture', async () => {
    const [collection] = await db.all<{ id: number; slug: string; name: string }>(
      sql`SELECT id, slug, name FROM collections ORDER BY id LIMIT 1`,
    )
    const [item] = await db.all<{ id: number; image: string; name: string }>(
      sql`SELECT id, image, name FROM nfts WHERE collection_id <> ${collection!.id} AND image <> '' ORDER BY add_date DESC, id DESC LIMIT 1`,
    )
    await decide(
      {
        action: 'mark_spam',
        target: { kind: 'collection', key: String(collection!.id) },
        category: 'scam',
        reason: 'Drains the wallets that approve it',
        actor: OPERATOR,
      },
      {
        action: 'hide',
        target: { kind: 'item', key: String(item!.id) },
        category: 'intellectual_property',
        reason: 'A notice from the artist',
        actor: OPERATOR,
      },
    )

    const page = await browser.newPage()
    const errors = watchErrors(page)
    await openPage(page, `/collection/${collection!.slug}`)
    const warning = page.getByTestId('spam-warning')
    await warning.waitFor()
    expect(await warning.textContent()).toContain('This marketplace marked this collection as a scam')
    expect(await warning.textContent()).toContain('Drains the wallets that approve it')
    expect(await page.getByRole('heading', { name: collection!.name, level: 1 }).count()).toBe(0)
    await page.getByRole('button', { name: 'Show this collection anyway' }).click()
    await page.getByRole('heading', { name: collection!.name, level: 1 }).waitFor()

    const response = await openPage(page, `/item/${item!.id}`)
    expect(response?.status()).toBe(451)
    await page.getByTestId('hidden-notice').waitFor()
    expect(await page.getByTestId('hidden-notice').textContent()).toContain('A notice from the artist')
    expect(await page.locator(`img[src*="${item!.image.slice(-24)}"]`).count()).toBe(0)

    const explore = await fetch(`${baseUrl}/api/v1/nfts?sort=recently-added&limit=100`)
    const listed = ((await explore.json()) as { data: { id: number; collection: { id: number } }[] }).data
    expect(listed.map((n) => n.id)).not.toContain(item!.id)
    expect(listed.map((n) => n.collection.id)).not.toContain(collection!.id)
    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])
    await page.close()
  })
})
