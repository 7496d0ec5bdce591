/**
 * The local IPFS-style gateway (scripts/ipfs-gateway.ts) for tests: start it, add files or a
 * directory, and point IPFS_GATEWAY at `gatewayUrl` with its `host` in FETCH_ALLOW_HOSTS.
 */
export { startIpfsGateway, CidMismatchError, type IpfsGateway, type Content } from '../../scripts/ipfs-gateway'
