import { publicChains } from '../../platform/env'
import { publicProcedure } from '../init'
import { rememberedAccount } from '../../http/wallet-cookie'

/**
 * What the browser's wallet layer starts from: the networks this deployment offers (with
 * their RPC URLs), the WalletConnect project (if any) and the account a returning visitor's wallet was connected with.
 */
export const walletQuery = publicProcedure.query(({ ctx }) => ({
  chains: publicChains(ctx.env.chains),
  walletConnectProjectId: ctx.env.WALLETCONNECT_PROJECT_ID ?? null,
  remembered: rememberedAccount(ctx.request.headers.get('cookie')),
}))
