/**
 * The contracts on a real local chain (anvil): the committed artifacts are what the compiler
 * makes of chain/contracts/, the marketplace deploys where the server says it is, and the
 * collection contract's minting, royalties and lazy-mint vouchers hold up against misuse.
 */
import { readFileSync } from 'node:fs'
import { BaseError, ContractFunctionRevertedError, parseEther, zeroAddress, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seaportAbi } from '../../chain/artifacts/Seaport'
import { vitrineCollectionAbi } from '../../chain/artifacts/VitrineCollection'
import { wrappedEtherAbi } from '../../chain/artifacts/WrappedEther'
import { compileContracts } from '../../chain/compile'
import { voucherTypedData } from '../../chain/voucher'
import { MULTICALL3 } from '../../chain/viem-chains'
import { deployCollection, deployMarketplace } from '../../chain/local-contracts'
import { app } from '../../server/app'
import { createTestRuntime } from '../support/runtime'
import { startTestChain, testAccount } from '../support/chain'

let chain: Awaited<ReturnType<typeof startTestChain>>
beforeAll(async () => {
  chain = await startTestChain()
}, 60_000)
afterAll(() => chain.stop())

const creator = testAccount(1)
const buyer = testAccount(2)
const stranger = testAccount(3)
const feeRecipient: Address = '0x00000000000000000000000000000000000f0e00'

/** The custom error a call reverted with. */
async function revertName(call: Promise<unknown>): Promise<string | undefined> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof BaseError)) throw new Error('expected the call to revert')
  const revert = error.walk((e) => e instanceof ContractFunctionRevertedError)
  return revert instanceof ContractFunctionRevertedError ? revert.data?.errorName : undefined
}

describe('artifacts', () => {
  it('are exactly what `npm run contracts` compiles from chain/contracts', () => {
    for (const [file, contents] of compileContracts()) {
      expect(readFileSync(`chain/artifacts/${file}`, 'utf8'), file).toBe(contents)
    }
  }, 60_000)
})

describe('marketplace deployment', () => {
  it('puts Seaport 1.6 and WETH where GET /api/v1/chain says they are, once', async () => {
    const runtime = await createTestRuntime()
    try {
      const response = await app.request(
        '/api/v1/chain',
        {},
        { ...runtime, env: { ...runtime.env, chains: [{ id: 31337, rpcUrl: chain.url }] } },
      )
      const { data } = (await response.json()) as {
        data: {
          id: number
          name: string
          contracts: { seaport: Address; weth: Address; conduitController: Address }
          platformFee: { bps: number }
        }[]
      }
      expect(data[0]).toMatchObject({ id: 31337, name: 'Anvil', platformFee: { bps: 100 } })
      const { seaport, weth, conduitController } = data[0]!.contracts
      expect([seaport, weth, conduitController]).toEqual([
        chain.contracts.seaport,
        chain.contracts.weth,
        chain.contracts.conduitController,
      ])

      const [version] = await chain.client.readContract({
        address: seaport,
        abi: seaportAbi,
        functionName: 'information',
      })
      expect(version).toBe('1.6')
      expect(await chain.client.readContract({ address: weth, abi: wrappedEtherAbi, functionName: 'symbol' })).toBe(
        'WETH',
      )

      // Multicall3 at its canonical address, as on public chains: viem batches reads through it.
      const [symbol, balance] = await chain.client.multicall({
        contracts: [
          { address: weth, abi: wrappedEtherAbi, functionName: 'symbol' },
          { address: weth, abi: wrappedEtherAbi, functionName: 'balanceOf', args: [stranger.address] },
        ],
        multicallAddress: MULTICALL3,
        allowFailure: false,
      })
      expect([symbol, balance]).toEqual(['WETH', 0n])

      const block = await chain.client.getBlockNumber()
      await deployMarketplace(chain.url)
      expect(await chain.client.getBlockNumber()).toBe(block)
    } finally {
      runtime.close()
    }
  })

  it('wraps and unwraps ether one for one', async () => {
    const wallet = chain.walletOf(stranger)
    const weth = chain.contracts.weth
    const before = await chain.client.readContract({
      address: weth,
      abi: wrappedEtherAbi,
      functionName: 'balanceOf',
      args: [stranger.address],
    })
    await wallet.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: weth,
        abi: wrappedEtherAbi,
        functionName: 'deposit',
        value: parseEther('1.5'),
      }),
    })
    await wallet.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: weth,
        abi: wrappedEtherAbi,
        functionName: 'withdraw',
        args: [parseEther('0.5')],
      }),
    })
    const after = await chain.client.readContract({
      address: weth,
      abi: wrappedEtherAbi,
      functionName: 'balanceOf',
      args: [stranger.address],
    })
    expect(after - before).toBe(parseEther('1'))
  })
})

describe('collection contract', () => {
  let collection: Address
  const expiresAt = BigInt(Math.floor(Date.now() / 1000) + 3600)
  const voucherFor = (tokenId: bigint, overrides: Partial<{ minPrice: bigint; expiresAt: bigint }> = {}) => ({
    tokenId,
    uri: `http://127.0.0.1:3000/api/v1/metadata/${tokenId}`,
    minPrice: parseEther('0.2'),
    creator: creator.address,
    expiresAt,
    ...overrides,
  })
  const sign = (voucher: ReturnType<typeof voucherFor>, by = creator) =>
    by.signTypedData(voucherTypedData(31337, collection, voucher))
  const redeem = (voucher: ReturnType<typeof voucherFor>, signature: Hex, value: bigint) =>
    chain.walletOf(buyer).writeContract({
      address: collection,
      abi: vitrineCollectionAbi,
      functionName: 'redeem',
      args: [voucher, signature],
      value,
    })

  beforeAll(async () => {
    collection = await deployCollection(chain.url, {
      name: 'Tide Pools',
      symbol: 'TIDE',
      creator: creator.address,
      royaltyBps: 500,
      feeRecipient,
      feeBps: 100,
    })
  })

  it('reports the creator earnings as EIP-2981 royalty info', async () => {
    const [receiver, amount] = await chain.client.readContract({
      address: collection,
      abi: vitrineCollectionAbi,
      functionName: 'royaltyInfo',
      args: [1n, parseEther('2')],
    })
    expect(receiver).toBe(creator.address)
    expect(amount).toBe(parseEther('0.1'))
  })

  it('lets only the creator mint now', async () => {
    const wallet = chain.walletOf(creator)
    await wallet.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: collection,
        abi: vitrineCollectionAbi,
        functionName: 'mint',
        args: [creator.address, 7n, 'ipfs://seven'],
      }),
    })
    expect(
      await chain.client.readContract({
        address: collection,
        abi: vitrineCollectionAbi,
        functionName: 'ownerOf',
        args: [7n],
      }),
    ).toBe(creator.address)
    expect(
      await chain.client.readContract({
        address: collection,
        abi: vitrineCollectionAbi,
        functionName: 'tokenURI',
        args: [7n],
      }),
    ).toBe('ipfs://seven')
    const attempt = chain.client.simulateContract({
      account: stranger,
      address: collection,
      abi: vitrineCollectionAbi,
      functionName: 'mint',
      args: [stranger.address, 8n, 'x'],
    })
    expect(await revertName(attempt)).toBe('OwnableUnauthorizedAccount')
  })

  it('mints a lazy voucher to its first buyer and pays the creator the price minus the platform fee, exactly', async () => {
    const voucher = voucherFor(100n)
    const signature = await sign(voucher)
    const price = parseEther('0.25')
    const [creatorBefore, feeBefore] = await Promise.all([
      chain.client.getBalance({ address: creator.address }),
      chain.client.getBalance({ address: feeRecipient }),
    ])
    const receipt = await chain.client.waitForTransactionReceipt({ hash: await redeem(voucher, signature, price) })
    expect(receipt.status).toBe('success')
    expect(
      await chain.client.readContract({
        address: collection,
        abi: vitrineCollectionAbi,
        functionName: 'ownerOf',
        args: [100n],
      }),
    ).toBe(buyer.address)
    expect(
      await chain.client.readContract({
        address: collection,
        abi: vitrineCollectionAbi,
        functionName: 'tokenURI',
        args: [100n],
      }),
    ).toBe(voucher.uri)
    const fee = (price * 100n) / 10_000n
    expect((await chain.client.getBalance({ address: feeRecipient })) - feeBefore).toBe(fee)
    expect((await chain.client.getBalance({ address: creator.address })) - creatorBefore).toBe(price - fee)

    // The same voucher again: the token exists, so minting it reverts.
    expect(await revertName(redeem(voucher, signature, price))).toBe('ERC721InvalidSender')
  })

  it('refuses a voucher signed by another key, an expired one, a revoked one and a price below the minimum', async () => {
    const forged = voucherFor(101n)
    expect(await revertName(redeem(forged, await sign(forged, stranger), parseEther('0.2')))).toBe(
      'InvalidVoucherSignature',
    )

    const block = await chain.client.getBlock()
    const expired = voucherFor(102n, { expiresAt: block.timestamp - 1n })
    expect(await revertName(redeem(expired, await sign(expired), parseEther('0.2')))).toBe('VoucherExpired')

    const cheap = voucherFor(103n)
    expect(await revertName(redeem(cheap, await sign(cheap), parseEther('0.19')))).toBe('PriceBelowMinimum')

    const revoked = voucherFor(104n)
    const wallet = chain.walletOf(creator)
    await wallet.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: collection,
        abi: vitrineCollectionAbi,
        functionName: 'revokeVoucher',
        args: [104n],
      }),
    })
    expect(await revertName(redeem(revoked, await sign(revoked), parseEther('0.2')))).toBe('VoucherWasRevoked')

    for (const tokenId of [101n, 102n, 103n, 104n]) {
      expect(
        await revertName(
          chain.client.readContract({
            address: collection,
            abi: vitrineCollectionAbi,
            functionName: 'ownerOf',
            args: [tokenId],
          }),
        ),
      ).toBe('ERC721NonexistentToken')
    }
  })

  it('refuses a platform fee above 10% at deployment', async () => {
    const attempt = deployCollection(chain.url, {
      name: 'Greedy',
      symbol: 'G',
      creator: creator.address,
      royaltyBps: 500,
      feeRecipient: zeroAddress,
      feeBps: 1_001,
    })
    await expect(attempt).rejects.toThrow(/failed/)
  })
})
