/**
 * `npm run bench:sweep`: the gas of buying 20 listings in one Seaport `fulfillAvailableAdvancedOrders`
 * (the cart and sweep checkout, chain/cart.ts) against 20 single fills the way Buy now fills an
 * ERC-721 listing (`fulfillOrder`, one transaction each).
 *
 * anvil with the marketplace contracts; a Vitrine collection whose tokens four sellers hold (five
 * listings each, so payments to a seller aggregate across orders, as in a real sweep); each listing
 * pays the seller, the platform fee and the creator earnings. Gas is exact (receipts), not timed.
 *
 *   BENCH_ITEMS=20   listings per way
 */
import { cpus } from 'node:os'
import { parseEther } from 'viem'
import { seaportAbi } from '../chain/artifacts/Seaport'
import { cartFill, cartOutcome, type CartOrder } from '../chain/cart'
import { testAccount } from '../tests/support/chain'
import { startMarket } from '../tests/support/market'
import { writeSection } from './lib'

const items = Number(process.env.BENCH_ITEMS ?? 20)
const SELLERS = [2, 3, 4, 5].map(testAccount)

async function main() {
  const tokenIds = Array.from({ length: items * 2 + 1 }, (_, i) => BigInt(i + 1))
  const m = await startMarket(tokenIds)
  try {
    const buyer = testAccount(6)
    // Spread the tokens over the sellers (the market mints them all to account 2).
    for (const tokenId of tokenIds) {
      const seller = SELLERS[Number(tokenId) % SELLERS.length]!
      if (seller.address !== m.seller.address) await m.transfer(m.seller, seller, tokenId)
    }
    for (const seller of SELLERS) await m.approveSeaport(seller)
    const price = (tokenId: bigint) => parseEther('0.01') + tokenId * 1_000_000_000_000n
    const listing = async (tokenId: bigint): Promise<CartOrder> => {
      const seller = SELLERS[Number(tokenId) % SELLERS.length]!
      const signed = await m.signedListing(seller, tokenId, price(tokenId))
      return { ...signed, units: 1n, quantity: 1n }
    }

    // Buy now, one by one.
    let single = 0n
    let filled: CartOrder | undefined
    for (const tokenId of tokenIds.slice(0, items)) {
      const order = await listing(tokenId)
      filled ??= order
      const hash = await m.fill(buyer, order, price(tokenId))
      const receipt = await m.chain.client.waitForTransactionReceipt({ hash })
      if (receipt.status !== 'success') throw new Error(`fill of ${tokenId} reverted`)
      single += receipt.gasUsed
    }

    // The same number in one transaction.
    const orders = await Promise.all(tokenIds.slice(items, items * 2).map(listing))
    const { args, value } = cartFill(orders)
    const receipt = await m.send(buyer, {
      address: m.chain.contracts.seaport,
      abi: seaportAbi,
      functionName: 'fulfillAvailableAdvancedOrders',
      args,
      value,
    })
    const bought = cartOutcome(m.chain.contracts.seaport, orders, receipt.logs).filter((o) => o.bought).length
    if (bought !== items) throw new Error(`the sweep bought ${bought} of ${items}`)
    const sweep = receipt.gasUsed

    // One of them already sold: Seaport skips it; what a skip costs.
    const skippedFill = cartFill([filled!, await listing(tokenIds[items * 2]!)])
    const withSkip = await m.send(buyer, {
      address: m.chain.contracts.seaport,
      abi: seaportAbi,
      functionName: 'fulfillAvailableAdvancedOrders',
      args: skippedFill.args,
      value: skippedFill.value,
    })

    const per = (gas: bigint) => (gas / BigInt(items)).toLocaleString('en')
    const saved = Number(((single - sweep) * 1000n) / single) / 10
    writeSection(
      'sweep-gas',
      `## Buying ${items} listings: one \`fulfillAvailableAdvancedOrders\` against ${items} single fills (\`npm run bench:sweep\`)

Measured ${new Date().toISOString().slice(0, 10)} on anvil (${cpus().length} cores), Seaport 1.6 from the pinned
seaport-js artifacts. ERC-721 listings of a Vitrine collection held by ${SELLERS.length} sellers; each order pays the
seller, the platform fee and the creator earnings in ETH. Gas from the receipts (exact, 21,000 base
per transaction included).

| way | transactions | gas in all | gas per item |
| --- | ---: | ---: | ---: |
| Buy now, one by one (\`fulfillOrder\`) | ${items} | ${single.toLocaleString('en')} | ${per(single)} |
| cart / sweep, one \`fulfillAvailableAdvancedOrders\` | 1 | ${sweep.toLocaleString('en')} | ${per(sweep)} |

The sweep saves ${saved}% of the gas: one transaction's base cost instead of ${items}, and one ETH transfer
per recipient (${SELLERS.length} sellers, the platform, the creator) instead of three per order.
A cart of 2 whose first was sold already (skipped by Seaport, its ETH returned) used ${withSkip.gasUsed.toLocaleString('en')} gas.
`,
    )
    console.log({ single, sweep, withSkip: withSkip.gasUsed })
  } finally {
    await m.stop()
  }
}

await main()
