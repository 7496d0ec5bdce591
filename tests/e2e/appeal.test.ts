/**
 * An owner's appeal in a real browser: the operator hides an item (the API, as the console will);
 * its owner, signed in with their wallet, reads why in the bell, follows it to the decision's
 * statement of reasons and appeals there; the operator grants the appeal and the page says so,
 * the item shown again.
 */
import { describe, expect, inject, it } from 'vitest'
import { sharedBrowser, waitForHydration } from '../support/browser'
import { testAccount } from '../support/chain'
import { operatorSession } from '../support/operator-session'
import { visitorWithWallet } from '../support/test-wallet'
import { signInWithTestWallet } from '../support/trade-page'
import { followBellNotice } from '../support/bell'

const baseUrl = inject('baseUrl')
const anvilUrl = inject('anvilUrl')
const browser = sharedBrowser()

/** A tRPC call by the operator (dev account 0), signed in now. */
async function asOperator(path: string, input: object, method: 'GET' | 'POST' = 'POST') {
  const url = `${baseUrl}/api/trpc/${path}${method === 'GET' ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', cookie: await operatorSession(baseUrl) },
    ...(method === 'POST' ? { body: JSON.stringify(input) } : {}),
  })
  const body = (await response.json()) as { result?: { data: any }; error?: unknown } // eslint-disable-line @typescript-eslint/no-explicit-any
  expect(response.status, JSON.stringify(body.error)).toBe(200)
  return body.result!.data
}

describe('an appeal', () => {
  it('the owner reads the decision in the bell, appeals it, and sees it granted', { timeout: 180_000 }, async () => {
    // An item of a test account no other page test opens (not /item/20): of the dev world's, not
    // one another browser test has just made (the list is newest first).
    const listed = (await (await fetch(`${baseUrl}/api/v1/nfts?limit=100`)).json()) as {
      data: { id: number; name: string; owner: string }[]
    }
    const owners = Array.from({ length: 13 }, (_, i) => testAccount(i + 1).address.toLowerCase())
    const nft = listed.data.findLast((n) => n.id !== 20 && owners.includes(n.owner.toLowerCase()))
    expect(nft, 'an item held by a test account').toBeDefined()
    const ownerIndex = owners.indexOf(nft!.owner.toLowerCase()) + 1

    const decision = await asOperator('moderation.decide', {
      action: 'hide',
      target: { kind: 'item', id: nft!.id },
      category: 'terms_of_service',
      reason: 'A test of the appeal: hidden for a moment.',
    })

    const owner = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [ownerIndex] })
    try {
      await signInWithTestWallet(owner.page)
      await followBellNotice(owner.page, new RegExp(`Hidden by this marketplace: ${nft!.name}`))
      await owner.page.waitForURL(`**/decisions/${decision.id}`)
      await waitForHydration(owner.page)
      await owner.page.getByText('A test of the appeal: hidden for a moment.').waitFor()

      await owner.page.getByLabel('Why this decision is wrong').fill('It breaks none of your terms.')
      await owner.page.getByRole('button', { name: 'Appeal' }).click()
      await owner.page.getByText('Waiting for a decision').waitFor()

      const queue = await asOperator('moderation.appeals', {}, 'GET')
      const appeal = (queue.data as { id: number; decision: { id: number } }[]).find(
        (a) => a.decision.id === decision.id,
      )
      expect(appeal, 'the appeal is in the queue beside its decision').toBeDefined()
      await asOperator('moderation.decideAppeal', {
        id: appeal!.id,
        outcome: 'reversed',
        reason: 'Right: nothing here breaks the terms.',
      })

      await owner.page.reload()
      await waitForHydration(owner.page)
      await owner.page.getByText('Granted').waitFor()
      await owner.page.getByText(/Reversed on .*: Right: nothing here breaks the terms\./).waitFor()
      expect((await fetch(`${baseUrl}/api/v1/nfts/${nft!.id}`)).status).toBe(200)
      expect(owner.errors).toEqual([])
    } finally {
      await owner.close()
    }
  })
})
