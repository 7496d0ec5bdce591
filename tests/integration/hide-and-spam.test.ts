/**
 * What hiding an item, a collection or a profile, and marking a collection spam, do to every read
 * a visitor or a client makes, over HTTP as they make them (REST and tRPC): gone from lists,
 * search, rankings, activity and sitemaps; its own answer a 410 (451 for a legal reason) naming
 * the decision, with none of its media; a spam collection out of browse but its own answers
 * carrying the mark; and each reversal restoring everything.
 */
import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordDecision, reverseDecision } from '../../db/market'
import type { DecisionAction, DecisionCategory, DecisionTargetKind } from '../../db/decision-kinds'
import { seedDatabase } from '../../db/seed'
import { app } from '../../server/app'
import { sitemapResponse } from '../../app/lib/sitemap.server'
import { testAccount } from '../support/chain'
import { createTestRuntime } from '../support/runtime'

const operator = testAccount(0).address.toLowerCase()

let runtime: Awaited<ReturnType<typeof createTestRuntime>>
beforeAll(async () => {
  runtime = await createTestRuntime({ OPERATORS: operator })
  await seedDatabase(runtime.db, { users: 5 })
})
afterAll(() => runtime.close())

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, checked field by field
type Json = any
async function rest(path: string): Promise<{ status: number; body: Json; text: string }> {
  const response = await app.request(`http://localhost:3000/api/v1${path}`, {}, runtime)
  const text = await response.text()
  return { status: response.status, body: JSON.parse(text), text }
}
/** A tRPC query over HTTP, as the browser sends it. */
async function trpc(path: string, input: unknown): Promise<{ status: number; body: Json; text: string }> {
  const url = `http://localhost:3000/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`
  const response = await app.request(url, {}, runtime)
  const text = await response.text()
  return { status: response.status, body: JSON.parse(text), text }
}
async function sitemap(kind: 'items' | 'collections'): Promise<string> {
  const response = await sitemapResponse(`/sitemaps/${kind}-1.xml`, { db: runtime.db, origin: 'https://v.example' })
  return response.status === 200 ? response.text() : ''
}

const rows = <T>(sql: string) => runtime.db.all<T>(sql as never)

async function decide(
  action: DecisionAction,
  target: { kind: DecisionTargetKind; key: string },
  category: DecisionCategory,
  reason: string,
) {
  return (await recordDecision(runtime.db, { action, target, category, reason, actor: operator })).id
}
const reverse = (id: number) => reverseDecision(runtime.db, id, { actor: operator, reason: 'restored on review' })

/** Ids (or slugs) of a list answer's rows. */
const ids = (body: Json): number[] => (body.data as { id: number }[]).map((row) => row.id)
const collectionIds = (list: Json[]): number[] => list.map((c) => c.id)

/** A seeded ERC-721 item with a name of its own, made the newest (first on explore) and given an event. */
async function newestItem(excludeCollections: number[] = []) {
  const [item] = await rows<{
    id: number
    name: string
    image: string
    owner: string
    creator: string
    collectionId: number
  }>(
    `select id, name, image, owner, creator, collection_id as collectionId from nfts
     where nsfw = 0 and collection_id not in (${[0, ...excludeCollections].join(',')})
       and (select standard from collections c where c.id = collection_id) = 'erc721'
     order by id desc limit 1`,
  )
  await runtime.db.run(`update nfts set add_date = ${Date.now() + 60_000} where id = ${item!.id}` as never)
  await runtime.db.run(
    `insert into activity (type, nft_id, collection_id, from_address, to_address, created_at)
     values ('transfer', ${item!.id}, ${item!.collectionId}, '${item!.creator}', '${item!.owner}', ${Date.now() + 60_000})` as never,
  )
  return item!
}

/** Every list an item is found in, whether it is there. */
async function itemIsListed(item: Awaited<ReturnType<typeof newestItem>>) {
  const owner = getAddress(item.owner)
  const [explore, ofCollection, named, search, owned, created, feed, ownersFeed, itemFeed, sitemapItems] =
    await Promise.all([
      rest('/nfts?sort=recently-added&limit=5'),
      rest(`/nfts?collection=${item.collectionId}&sort=recently-added&limit=5`),
      rest(`/nfts?q=${encodeURIComponent(item.name)}&limit=100`),
      rest(`/search?q=${encodeURIComponent(item.name)}&limit=20`),
      rest(`/users/owned/${owner}?limit=100`),
      rest(`/users/created/${getAddress(item.creator)}?limit=100`),
      rest('/activity?limit=5'),
      rest(`/activity?user=${owner}&limit=5`),
      rest(`/activity?nft=${item.id}&limit=5`),
      sitemap('items'),
    ])
  return {
    explore: ids(explore.body).includes(item.id),
    collection: ids(ofCollection.body).includes(item.id),
    nameFilter: ids(named.body).includes(item.id),
    search: collectionIds(search.body.data.nfts).includes(item.id),
    owned: ids(owned.body).includes(item.id),
    created: ids(created.body).includes(item.id),
    activity: feed.body.data.some((e: Json) => e.nft.id === item.id),
    ownersActivity: ownersFeed.body.data.some((e: Json) => e.nft.id === item.id),
    itemActivity: itemFeed.body.data.length > 0,
    sitemap: (await sitemapItems).includes(`/item/${item.id}<`),
  }
}
const everywhere = (value: boolean) => ({
  explore: value,
  collection: value,
  nameFilter: value,
  search: value,
  owned: value,
  created: value,
  activity: value,
  ownersActivity: value,
  itemActivity: value,
  sitemap: value,
})

describe('a hidden item', () => {
  it('is gone from every list, search, feed and sitemap, and its answers say why with no media; reversal restores it', async () => {
    const item = await newestItem()
    expect(await itemIsListed(item)).toEqual(everywhere(true))

    const decision = await decide(
      'hide',
      { kind: 'item', key: String(item.id) },
      'scam',
      'Phishing link in its description',
    )
    expect(await itemIsListed(item)).toEqual(everywhere(false))

    const byId = await rest(`/nfts/${item.id}`)
    expect(byId.status).toBe(410)
    expect(byId.body.error).toMatchObject({
      code: 'GONE',
      message: 'This item was hidden by this marketplace (Scam): Phishing link in its description',
      details: {
        moderation: {
          hidden: {
            decision,
            action: 'hide',
            category: 'scam',
            categoryLabel: 'Scam',
            reason: 'Phishing link in its description',
            httpStatus: 410,
          },
        },
      },
    })
    expect(Date.parse(byId.body.error.details.moderation.hidden.decidedAt)).not.toBeNaN()
    expect(byId.text).not.toContain(item.image)
    const [token] = await rows<{ chainId: number; contract: string; tokenId: string }>(
      `select chain_id as chainId, contract, token_id as tokenId from nfts where id = ${item.id}`,
    )
    const byToken = await rest(`/nfts/${token!.chainId}/${getAddress(token!.contract)}/${token!.tokenId}`)
    expect(byToken.status).toBe(410)
    expect(byToken.text).not.toContain(item.image)
    // tRPC, as the pages read it: the same notice in the error's data.
    const viaTrpc = await trpc('nft.byId', { id: item.id })
    expect(viaTrpc.body.error.data).toMatchObject({
      code: 'NOT_FOUND',
      details: { moderation: { hidden: { decision } } },
    })
    expect(viaTrpc.text).not.toContain(item.image)

    await reverse(decision)
    expect(await itemIsListed(item)).toEqual(everywhere(true))
    const restored = await rest(`/nfts/${item.id}`)
    expect(restored.status).toBe(200)
    expect(restored.body.data).toMatchObject({ id: item.id, image: item.image, moderation: { spam: null } })
  })

  it('leaves a search page as full as it would be without it', async () => {
    const item = await newestItem()
    const word = item.name.split(/\s+/).find((w) => w.length >= 3) ?? item.name
    const found = async () =>
      ((await rest(`/search?q=${encodeURIComponent(word)}&limit=3`)).body.data.nfts as Json[]).map((n) => n.id)
    const before = await found()
    expect(before).toHaveLength(3)
    // The first match hidden: the page still has three, none of them it.
    const decision = await decide('hide', { kind: 'item', key: String(before[0]) }, 'spam', 'Spam')
    const after = await found()
    expect(after).toHaveLength(3)
    expect(after).not.toContain(before[0])
    await reverse(decision)
  })

  it('is left out of its collection’s sweep', async () => {
    // The seed's listings carry no signed order: one is given a hash, as a signed listing has.
    const [listed] = await rows<{ id: number; slug: string; listing: number }>(
      `select n.id, c.slug, l.id as listing from nfts n join collections c on c.id = n.collection_id
       join listings l on l.nft_id = n.id and l.status = 'active' and l.kind = 'fixed'
       where l.ends_at > ${Date.now()} order by n.id limit 1`,
    )
    await runtime.db.run(
      `update listings set order_hash = '0x${'ee'.repeat(32)}' where id = ${listed!.listing}` as never,
    )
    const swept = async () =>
      (await rest(`/collections/${listed!.slug}/sweep?count=50&maxTotal=100000`)).body.data.items.map(
        (i: Json) => i.nftId,
      )
    expect(await swept()).toContain(listed!.id)
    const decision = await decide('hide', { kind: 'item', key: String(listed!.id) }, 'stolen', 'Reported stolen')
    expect(await swept()).not.toContain(listed!.id)
    await reverse(decision)
    expect(await swept()).toContain(listed!.id)
  })

  it('for a legal reason answers 451, for any other 410', async () => {
    const [item] = await rows<{ id: number }>('select id from nfts order by id limit 1')
    const decision = await decide(
      'hide',
      { kind: 'item', key: String(item!.id) },
      'intellectual_property',
      'A notice from the rights holder of the artwork',
    )
    const answer = await rest(`/nfts/${item!.id}`)
    expect(answer.status).toBe(451)
    expect(answer.body.error.code).toBe('UNAVAILABLE_FOR_LEGAL_REASONS')
    expect(answer.body.error.details.moderation.hidden).toMatchObject({
      categoryLabel: 'Intellectual property',
      httpStatus: 451,
    })
    await reverse(decision)
    expect((await rest(`/nfts/${item!.id}`)).status).toBe(200)
  })
})

/** A seeded collection with items and events, and whether each browse path shows it. */
async function collectionIsListed(c: { id: number; slug: string; name: string }) {
  const word = c.name.split(/\s+/).find((w) => w.length >= 3) ?? c.name
  const prefix = c.name.slice(0, 2)
  const [trending, top, recent, rankings, searched, short, feed, sitemapCollections] = await Promise.all([
    rest('/collections?tab=trending&limit=100'),
    rest('/collections?tab=top&limit=100'),
    rest('/collections?tab=recent&limit=100'),
    rest('/rankings?period=all&limit=100'),
    rest(`/search?q=${encodeURIComponent(word)}&limit=20`),
    rest(`/search?q=${encodeURIComponent(prefix)}&limit=20`),
    rest('/activity?limit=100'),
    sitemap('collections'),
  ])
  return {
    trending: ids(trending.body).includes(c.id),
    top: ids(top.body).includes(c.id),
    recent: ids(recent.body).includes(c.id),
    rankings: rankings.body.data.some((r: Json) => r.collection.id === c.id),
    search: collectionIds(searched.body.data.collections).includes(c.id),
    searchByPrefix: collectionIds(short.body.data.collections).includes(c.id),
    itemsInSearch: searched.body.data.nfts.some((n: Json) => n.collection.id === c.id),
    itemsOnExplore: false,
    activity: feed.body.data.some((e: Json) => e.collection.id === c.id),
    sitemap: sitemapCollections.includes(`/collection/${encodeURIComponent(c.slug)}<`),
  }
}

/** Whether explore's first pages show any item of the collection (it is made to hold the newest). */
async function itemsOnExplore(collectionId: number) {
  const page = await rest('/nfts?sort=recently-added&limit=20')
  return page.body.data.some((n: Json) => n.collection.id === collectionId)
}

async function seededCollection(skip: number) {
  const [c] = await rows<{ id: number; slug: string; name: string; logo: string; banner: string }>(
    `select id, slug, name, logo_url as logo, banner_url as banner from collections
     where exists (select 1 from activity a where a.collection_id = collections.id)
     order by id limit 1 offset ${skip}`,
  )
  const [newest] = await rows<{ id: number }>(
    `select id from nfts where collection_id = ${c!.id} and nsfw = 0 order by id desc limit 1`,
  )
  await runtime.db.run(`update nfts set add_date = ${Date.now() + 120_000} where id = ${newest!.id}` as never)
  await runtime.db.run(
    `update activity set created_at = ${Date.now() + 120_000} where id = (select max(id) from activity where collection_id = ${c!.id})` as never,
  )
  return { ...c!, item: newest!.id }
}

describe('a hidden collection', () => {
  it('is out of browse, rankings, search, feeds and sitemaps with its items; its answers and its items’ say why', async () => {
    const c = await seededCollection(0)
    const shown = { ...(await collectionIsListed(c)), itemsOnExplore: await itemsOnExplore(c.id) }
    expect(shown).toMatchObject({ trending: true, top: true, recent: true, rankings: true, search: true })
    expect(shown).toMatchObject({ searchByPrefix: true, activity: true, sitemap: true, itemsOnExplore: true })

    const decision = await decide(
      'hide',
      { kind: 'collection', key: String(c.id) },
      'impersonation',
      'Copies a known artist',
    )
    expect({ ...(await collectionIsListed(c)), itemsOnExplore: await itemsOnExplore(c.id) }).toEqual({
      trending: false,
      top: false,
      recent: false,
      rankings: false,
      search: false,
      searchByPrefix: false,
      itemsInSearch: false,
      itemsOnExplore: false,
      activity: false,
      sitemap: false,
    })

    for (const key of [String(c.id), c.slug]) {
      const answer = await rest(`/collections/${key}`)
      expect(answer.status).toBe(410)
      expect(answer.body.error.details.moderation.hidden).toMatchObject({ decision, categoryLabel: 'Impersonation' })
      expect(answer.text).not.toContain(c.logo)
      expect(answer.text).not.toContain(c.banner)
    }
    // Its items answer with the collection's decision; its own lists refuse the same way.
    const item = await rest(`/nfts/${c.item}`)
    expect(item.status).toBe(410)
    expect(item.body.error.details.moderation.hidden.decision).toBe(decision)
    expect((await rest(`/nfts?collection=${c.slug}`)).status).toBe(410)
    expect((await rest(`/activity?collection=${c.slug}`)).status).toBe(410)
    expect((await rest(`/collections/${c.slug}/sweep?count=1&maxTotal=1000`)).status).toBe(410)
    expect(
      (await trpc('collection.byIdOrSlug', { idOrSlug: c.slug })).body.error.data.details.moderation.hidden,
    ).toMatchObject({
      decision,
    })

    await reverse(decision)
    expect(await collectionIsListed(c)).toMatchObject({ trending: true, rankings: true, search: true, sitemap: true })
    expect(await itemsOnExplore(c.id)).toBe(true)
    const restored = await rest(`/collections/${c.slug}`)
    expect(restored.status).toBe(200)
    expect(restored.body.data).toMatchObject({ id: c.id, logo: c.logo, moderation: { spam: null } })
    expect((await rest(`/nfts/${c.item}`)).status).toBe(200)
  })
})

describe('a collection marked spam', () => {
  it('is out of browse, but its own answers and its items’ carry the mark, and its page still lists its items', async () => {
    const c = await seededCollection(1)
    const decision = await decide(
      'mark_spam',
      { kind: 'collection', key: String(c.id) },
      'spam',
      'Airdropped to thousands of wallets',
    )
    expect({ ...(await collectionIsListed(c)), itemsOnExplore: await itemsOnExplore(c.id) }).toMatchObject({
      trending: false,
      rankings: false,
      search: false,
      searchByPrefix: false,
      itemsInSearch: false,
      itemsOnExplore: false,
      activity: false,
      sitemap: false,
    })

    const answer = await rest(`/collections/${c.slug}`)
    expect(answer.status).toBe(200)
    expect(answer.body.data.moderation.spam).toMatchObject({
      decision,
      action: 'mark_spam',
      categoryLabel: 'Spam',
      reason: 'Airdropped to thousands of wallets',
    })
    const item = await rest(`/nfts/${c.item}`)
    expect(item.status).toBe(200)
    expect(item.body.data.moderation.spam.decision).toBe(decision)
    // Behind the warning, its own page lists its items and events.
    expect(ids((await rest(`/nfts?collection=${c.slug}&sort=recently-added&limit=5`)).body)).toContain(c.item)
    expect((await rest(`/activity?collection=${c.slug}&limit=5`)).body.data.length).toBeGreaterThan(0)

    await reverse(decision)
    expect(await collectionIsListed(c)).toMatchObject({ trending: true, rankings: true, search: true, sitemap: true })
    expect(await itemsOnExplore(c.id)).toBe(true)
    expect((await rest(`/collections/${c.slug}`)).body.data.moderation).toEqual({ spam: null })
  })
})

describe('a hidden profile', () => {
  it('is out of search and its answer says why; reversal restores it', async () => {
    const [user] = await rows<{ address: string; username: string }>(
      `select address, username from users where username is not null and length(username) >= 4 order by id limit 1`,
    )
    const found = async () => {
      const [byWord, byPrefix] = await Promise.all([
        rest(`/search?q=${encodeURIComponent(user!.username)}`),
        rest(`/search?q=${encodeURIComponent(user!.username.slice(0, 2))}&limit=20`),
      ])
      const has = (body: Json) => body.data.users.some((u: Json) => u.address === getAddress(user!.address))
      return { byWord: has(byWord.body), byPrefix: has(byPrefix.body) }
    }
    expect(await found()).toEqual({ byWord: true, byPrefix: true })

    const decision = await decide(
      'hide',
      { kind: 'profile', key: user!.address },
      'illegal_content',
      'Hate speech in the bio',
    )
    expect(await found()).toEqual({ byWord: false, byPrefix: false })
    const answer = await rest(`/users/${getAddress(user!.address)}`)
    expect(answer.status).toBe(451)
    expect(answer.body.error.details.moderation.hidden).toMatchObject({ decision, categoryLabel: 'Illegal content' })

    await reverse(decision)
    expect(await found()).toEqual({ byWord: true, byPrefix: true })
    expect((await rest(`/users/${getAddress(user!.address)}`)).status).toBe(200)
  })
})
