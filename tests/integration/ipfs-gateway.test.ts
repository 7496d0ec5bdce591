/**
 * The local IPFS-style gateway serves files under the CIDs real IPFS computes for them (the
 * CIDv1 `ipfs add --cid-version 1` prints), refuses content that does not match the CID it is
 * added under, and serves directories so `ipfs://<dir>/1.json` resolves.
 */
import { CID } from 'multiformats/cid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CidMismatchError, startIpfsGateway, type IpfsGateway } from '../support/ipfs-gateway'

let gateway: IpfsGateway
beforeAll(async () => {
  gateway = await startIpfsGateway()
})
afterAll(() => gateway?.stop())

/** `echo hello | ipfs add --cid-version 1`. */
const HELLO_CID = 'bafkreicysg23kiwv34eg2d7qweipxwosdo2py4ldv42nbauguluen5v6am'

describe('the local IPFS gateway', () => {
  it('computes the CID IPFS computes, and serves the file under it, however the CID is spelt', async () => {
    expect(await gateway.add('hello\n')).toBe(HELLO_CID)
    const response = await fetch(`${gateway.gatewayUrl}${HELLO_CID}`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('hello\n')
    expect(response.headers.get('cache-control')).toContain('immutable')
    // The same CID written in base58btc multibase is the same content.
    const base58 = CID.parse(HELLO_CID).toString((await import('multiformats/bases/base58')).base58btc)
    expect(await (await fetch(`${gateway.gatewayUrl}${base58}`)).text()).toBe('hello\n')
  })

  it('refuses content added under a CID it does not match', async () => {
    await expect(gateway.add('hello, world\n', { cid: HELLO_CID })).rejects.toBeInstanceOf(CidMismatchError)
    await expect(gateway.add('hello\n', { cid: HELLO_CID })).resolves.toBe(HELLO_CID)
  })

  it('serves directories by path, with types by extension; a bare JSON file is text/plain as on public gateways', async () => {
    const dir = await gateway.addDirectory({
      '1.json': '{"name":"one"}',
      '2': '{"name":"two"}',
      'images/1.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    })
    expect(CID.parse(dir).code).toBe(0x70) // dag-pb: a UnixFS directory
    const get = (path: string) => fetch(`${gateway.gatewayUrl}${dir}/${path}`)
    expect((await get('1.json')).headers.get('content-type')).toBe('application/json')
    expect(await (await get('2')).text()).toBe('{"name":"two"}')
    expect((await get('2')).headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect((await get('images/1.svg')).headers.get('content-type')).toBe('image/svg+xml')
    expect((await get('3.json')).status).toBe(404)
    expect((await fetch(`${gateway.gatewayUrl}not-a-cid`)).status).toBe(400)
    // Adding the same files again gives the same CID: content addressing.
    expect(
      await gateway.addDirectory({
        'images/1.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
        '2': '{"name":"two"}',
        '1.json': '{"name":"one"}',
      }),
    ).toBe(dir)
  })
})
