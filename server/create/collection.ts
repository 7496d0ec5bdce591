/**
 * A creator's new collection: the creator deploys Vitrine's ERC-721 contract from their wallet,
 * then registers it here. The server reads the contract itself (name, symbol, owner, EIP-2981
 * royalty, platform fee) rather than trusting what the form says.
 */
import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Address } from 'viem'
import { vitrineCollectionAbi } from '../../chain/artifacts/VitrineCollection'
import { isVitrineCollectionCode } from '../../chain/collection-code'
import { marketplaceContracts } from '../../chain/marketplace'
import type { Database } from '../../db/client'
import { recordCreatedCollection } from '../../db/market'
import { collections } from '../../db/schema'
import { MAX_EARNINGS_PERCENT, type registerCollectionInput } from '../inputs/collections'
import type { Env } from '../platform/env'
import { refuse } from '../../db/errors'
import { refuseIfBlocked } from '../queries/blocked'
import { chainClient, unlessUnavailable } from '../platform/clients'

export async function registerCollection(
  { db, env }: { db: Database; env: Env },
  creator: Address,
  input: z.infer<typeof registerCollectionInput>,
) {
  const client = chainClient(env, input.chainId)
  if (!client || !marketplaceContracts(input.chainId))
    return refuse(`chainId: Vitrine does not trade on chain ${input.chainId}`)
  await refuseIfBlocked(db, input.chainId, input.contract)
  // Before any chain read; the write checks again, in its transaction.
  const [existing] = await db
    .select({ slug: collections.slug })
    .from(collections)
    .where(and(eq(collections.chainId, input.chainId), eq(collections.contract, input.contract)))
  if (existing) refuse(`contract: already registered as ${existing.slug}`, 'conflict')

  const read = (functionName: 'name' | 'symbol' | 'owner' | 'platformFeeRecipient' | 'platformFeeBps') =>
    client
      .readContract({ address: input.contract, abi: vitrineCollectionAbi, functionName })
      .catch(unlessUnavailable(null))
  const [code, name, , owner, feeRecipient, feeBps, royalty] = await Promise.all([
    client.getCode({ address: input.contract }).catch(unlessUnavailable(undefined)),
    read('name'),
    read('symbol'),
    read('owner'),
    read('platformFeeRecipient'),
    read('platformFeeBps'),
    client
      .readContract({
        address: input.contract,
        abi: vitrineCollectionAbi,
        functionName: 'royaltyInfo',
        args: [0n, 10_000n],
      })
      .catch(unlessUnavailable(null)),
  ])
  // Its code, not its answers: only Vitrine's contract's voucher events are sales (chain/collection-code.ts).
  if (typeof name !== 'string' || !owner || !royalty || !isVitrineCollectionCode(code))
    refuse('contract: not a Vitrine collection contract on this chain')
  if ((owner as string).toLowerCase() !== creator) refuse('contract: is not owned by your wallet', 'forbidden')
  if ((feeRecipient as string).toLowerCase() !== env.platformFee.recipient || feeBps !== BigInt(env.platformFee.bps)) {
    refuse("contract: does not pay this marketplace's platform fee")
  }
  const [receiver, bps] = royalty!
  if (receiver.toLowerCase() !== creator) refuse('contract: its creator earnings do not go to your wallet')
  // The form's limit, held here too: the contract takes up to 100%, which would leave a reseller
  // nothing and make a holder who accepts an offer pay more than it brings.
  if (bps > BigInt(MAX_EARNINGS_PERCENT * 100)) {
    refuse(
      `contract: its creator earnings of ${Number(bps) / 100}% are above the ${MAX_EARNINGS_PERCENT}% a collection may ask`,
    )
  }

  return recordCreatedCollection(db, {
    chainId: input.chainId,
    contract: input.contract,
    name: name as string,
    description: input.description,
    category: input.category,
    creator,
    creatorFeeBps: Number(bps),
  })
}

/** The signed-in creator's collections on the networks Vitrine trades on. */
export async function creatorCollections({ db, env }: { db: Database; env: Env }, creator: Address) {
  const rows = await db
    .select({
      id: collections.id,
      slug: collections.slug,
      name: collections.name,
      chainId: collections.chainId,
      contract: collections.contract,
    })
    .from(collections)
    // An imported contract is not Vitrine's: /create cannot mint or lazy-mint on it.
    .where(and(eq(collections.creator, creator), eq(collections.source, 'vitrine')))
  return rows.filter((c) => marketplaceContracts(c.chainId) && env.chains.some((chain) => chain.id === c.chainId))
}
