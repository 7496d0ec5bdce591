import { publicProcedure } from '../init'
import { rememberedAccount } from '../../wallet-cookie'

/**
 * What the browser's wallet layer starts from: the networks this deployment offers (with
 * their RPC URLs) and the account a returning visitor's wallet was connected with.
 */
export const walletQuery = publicProcedure.query(({ ctx }) => ({
  chains: ctx.env.chains,
  remembered: rememberedAccount(ctx.request.headers.get('cookie')),
}))
