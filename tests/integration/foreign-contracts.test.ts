/**
 * The foreign fixture contracts (chain/contracts/foreign/) behave like the collections they stand
 * for: the interfaces they claim, their token URIs and their royalties, read from a real chain.
 */
import { parseAbi } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestChain, testAccount } from '../support/chain'
import {
  deployForeignArt721,
  deployForeignEditions1155,
  deployForeignOnchain721,
  deployForeignPlain721,
} from '../support/foreign'

let chain: Awaited<ReturnType<typeof startTestChain>>
beforeAll(async () => {
  chain = await startTestChain()
}, 60_000)
afterAll(() => chain.stop())

const abi = parseAbi([
  'function supportsInterface(bytes4) view returns (bool)',
  'function tokenURI(uint256) view returns (string)',
  'function uri(uint256) view returns (string)',
  'function ownerOf(uint256) view returns (address)',
  'function balanceOf(address, uint256) view returns (uint256)',
  'function royaltyInfo(uint256, uint256) view returns (address, uint256)',
  'function owner() view returns (address)',
  'function contractURI() view returns (string)',
])
const holder = testAccount(1).address
const read = <T>(address: `0x${string}`, functionName: string, args: unknown[] = []) =>
  chain.client.readContract({ address, abi, functionName, args } as never) as Promise<T>
const supports = (address: `0x${string}`, id: string) => read<boolean>(address, 'supportsInterface', [id])

describe('foreign fixtures', () => {
  it('ERC-721 with ipfs:// URIs, EIP-2981, ERC-4906 and an owner', async () => {
    const art = await deployForeignArt721(chain.url, { baseURI: 'ipfs://bafytest/', contractURI: 'ipfs://bafytest/c' })
    await art.mint(holder, 1n, 3n)
    expect(await supports(art.address, '0x80ac58cd')).toBe(true)
    expect(await supports(art.address, '0x2a55205a')).toBe(true)
    expect(await supports(art.address, '0x49064906')).toBe(true)
    expect(await supports(art.address, '0xd9b67a26')).toBe(false)
    expect(await read(art.address, 'tokenURI', [3n])).toBe('ipfs://bafytest/3')
    expect(await read(art.address, 'ownerOf', [2n])).toBe(holder)
    expect(await read(art.address, 'owner')).toBe(art.owner.address)
    expect(await read(art.address, 'contractURI')).toBe('ipfs://bafytest/c')
    expect(await read(art.address, 'royaltyInfo', [1n, 10_000n])).toEqual([art.owner.address, 500n])
    expect(art.deployBlock).toBeGreaterThan(0n)
  })

  it('ERC-1155 with an {id} URI and balances', async () => {
    const editions = await deployForeignEditions1155(chain.url, { royaltyBps: 1000 })
    await editions.mint(holder, 7n, 10n)
    await editions.mintBatch(holder, [1n, 2n], [3n, 4n])
    expect(await supports(editions.address, '0xd9b67a26')).toBe(true)
    expect(await supports(editions.address, '0x80ac58cd')).toBe(false)
    expect(await read(editions.address, 'uri', [7n])).toMatch(/\{id\}\.json$/)
    expect(await read(editions.address, 'balanceOf', [holder, 7n])).toBe(10n)
    expect(await read(editions.address, 'balanceOf', [holder, 2n])).toBe(4n)
    expect(await read(editions.address, 'royaltyInfo', [7n, 10_000n])).toEqual([editions.owner.address, 1000n])
  })

  it('ERC-721 with on-chain base64 and plain JSON metadata', async () => {
    const onchain = await deployForeignOnchain721(chain.url)
    await onchain.mint(holder, 1n, 2n)
    const even = await read<string>(onchain.address, 'tokenURI', [2n])
    const odd = await read<string>(onchain.address, 'tokenURI', [1n])
    expect(even.startsWith('data:application/json;base64,')).toBe(true)
    const json = JSON.parse(Buffer.from(even.split(',')[1]!, 'base64').toString()) as { name: string; image: string }
    expect(json.name).toBe('Foreign Onchain #2')
    expect(json.image.startsWith('data:image/svg+xml;base64,')).toBe(true)
    expect(JSON.parse(odd.slice('data:application/json;utf8,'.length))).toMatchObject({ name: 'Foreign Onchain #1' })
  })

  it('bare ERC-721 without EIP-2981 or owner', async () => {
    const plain = await deployForeignPlain721(chain.url)
    await plain.mint(holder, 5n)
    expect(await supports(plain.address, '0x80ac58cd')).toBe(true)
    expect(await supports(plain.address, '0x2a55205a')).toBe(false)
    await expect(read(plain.address, 'owner')).rejects.toThrow()
    expect(await read(plain.address, 'tokenURI', [5n])).toBe('https://example.invalid/plain/5')
  })
})
