import { marketplaceContracts } from '../../../chain/marketplace'
import { chainLabel } from '../../../chain/networks'
import { publicChains } from '../../platform/env'
import { listChainCollections } from '../../queries/collections'
import { checksum, checksumAddresses } from '../../queries/serialize'
import { publicProcedure, router } from '../init'

/** The networks this deployment trades on, with everything a client needs to build and fill orders. */
export const chainRouter = router({
  list: publicProcedure.query(({ ctx }) =>
    Promise.all(
      publicChains(ctx.env.chains).map(async ({ id, rpcUrl }) => ({
        id,
        name: chainLabel(id),
        rpcUrl,
        contracts: checksumAddresses(marketplaceContracts(id)),
        platformFee: { bps: ctx.env.platformFee.bps, recipient: checksum(ctx.env.platformFee.recipient) },
        collections: await listChainCollections(ctx.db, id),
      })),
    ),
  ),
})
