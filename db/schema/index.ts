export * from './collections'
export * from './market'
export * from './nfts'
export * from './users'
