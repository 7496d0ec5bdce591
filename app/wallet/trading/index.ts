/**
 * Trading from the browser wallet (loaded with the wallet runtime, never on first load): the
 * approvals, signatures and transactions behind list, buy, offer, accept, auction and cancel, one
 * small module each. Orders are built by chain/seaport.ts, checked and stored by the server, and
 * filled on chain by Seaport. Every transaction is simulated first, so a fill that would fail says
 * why and costs nothing.
 */
import type { Config } from 'wagmi'
import { accept } from './accept'
import { wethBalance } from './approvals'
import { buy } from './buy'
import { cancel, cancelAll } from './cancel'
import { acceptWithToken, offerOnCollection } from './criteria'
import { checkoutCart } from './cart'
import { tradingContext, type TrpcClient } from './context'
import { list, startAuction } from './list'
import { listMany } from './list-many'
import { offer } from './offer'

export { TradeError, type OnStep, type TradeStep } from '../calls'
export type { FeeTerms, TokenRef } from './context'
export type { ManyListing } from './list-many'
export type { CartLine, CartResult } from './cart'
export { tradeErrorMessage } from './errors'

/** An operation's parameters after its context. */
type Tail<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never

export function createTrading(config: Config, api: TrpcClient) {
  const ctx = tradingContext(config, api)
  return {
    wethBalance: (chainId: number) => wethBalance(ctx, chainId, ctx.account()),
    list: (...a: Tail<Parameters<typeof list>>) => list(ctx, ...a),
    listMany: (...a: Tail<Parameters<typeof listMany>>) => listMany(ctx, ...a),
    startAuction: (...a: Tail<Parameters<typeof startAuction>>) => startAuction(ctx, ...a),
    offer: (...a: Tail<Parameters<typeof offer>>) => offer(ctx, ...a),
    buy: (...a: Tail<Parameters<typeof buy>>) => buy(ctx, ...a),
    accept: (...a: Tail<Parameters<typeof accept>>) => accept(ctx, ...a),
    offerOnCollection: (...a: Tail<Parameters<typeof offerOnCollection>>) => offerOnCollection(ctx, ...a),
    acceptWithToken: (...a: Tail<Parameters<typeof acceptWithToken>>) => acceptWithToken(ctx, ...a),
    cancel: (...a: Tail<Parameters<typeof cancel>>) => cancel(ctx, ...a),
    cancelAll: (...a: Tail<Parameters<typeof cancelAll>>) => cancelAll(ctx, ...a),
    checkoutCart: (...a: Tail<Parameters<typeof checkoutCart>>) => checkoutCart(ctx, ...a),
  }
}

export type Trading = ReturnType<typeof createTrading>
