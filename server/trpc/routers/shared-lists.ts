/**
 * Shared lists (ADR 48): the list this instance published (public), its draft and publication
 * by an operator's signature, and the lists of other instances operators follow. Every write needs
 * an operator signed in within the last 15 minutes (server/auth/roles.ts).
 */
import { removeSubscription } from '../../../db/market'
import { DomainError } from '../../../db/errors'
import { listDraftInput, signListInput, subscribeInput, subscriptionIdInput } from '../../inputs/shared-lists'
import { latestPublication, listSubscriptions, subscriptionAnswer } from '../../queries/shared-lists'
import { refreshList, subscribe, type ListOutcome } from '../../shared-lists/follow'
import { draftList, publishList } from '../../shared-lists/publish'
import type { SharedListDocument } from '../../../chain/shared-list'
import { publicProcedure, router } from '../init'
import { operatorRead, operatorWrite } from '../staff'

const readJson = ({ suggested, applied, already, reversed, more }: ListOutcome) => ({
  suggested,
  applied,
  already,
  reversed,
  more,
})

export const sharedListRouter = router({
  /** The list this instance published last, signed, as other instances read it. */
  current: publicProcedure.query(async ({ ctx }) => {
    const latest = await latestPublication(ctx.db)
    if (!latest) throw new DomainError('not_found', 'shared list: this marketplace has not published one yet')
    return JSON.parse(latest.document) as SharedListDocument
  }),

  /** The list to sign now, as EIP-712 typed data (operators). */
  draft: operatorRead('draft the shared list')
    .input(listDraftInput)
    .query(({ ctx, input }) => draftList(ctx, ctx.address, input.days)),

  /** Publishes the draft with an operator's signature over it. */
  publish: operatorWrite('publish the shared list')
    .input(signListInput)
    .mutation(({ ctx, input }) => publishList(ctx, input as SharedListDocument)),

  /** The lists this instance follows (operators). */
  subscriptions: operatorRead('read the shared lists followed').query(async ({ ctx }) => ({
    data: await listSubscriptions(ctx.db),
  })),

  /** Follows another instance's list by URL (read and checked at once), or changes how. */
  subscribe: operatorWrite('follow shared lists')
    .input(subscribeInput)
    .mutation(async ({ ctx, input }) => {
      const outcome = await subscribe(ctx, ctx.address, input)
      return { ...(await subscriptionAnswer(ctx.db, outcome.id)), read: readJson(outcome) }
    }),

  /** Reads a followed list again now. */
  refresh: operatorWrite('follow shared lists')
    .input(subscriptionIdInput)
    .mutation(async ({ ctx, input }) => {
      const outcome = await refreshList(ctx, input.id)
      return { ...(await subscriptionAnswer(ctx.db, outcome.id)), read: readJson(outcome) }
    }),

  /** Stops following a list; what it led to stays, each decision reversible on its own. */
  unsubscribe: operatorWrite('follow shared lists')
    .input(subscriptionIdInput)
    .mutation(async ({ ctx, input }) => {
      if (!(await removeSubscription(ctx.db, input.id, ctx.address))) {
        throw new DomainError('not_found', `id: there is no shared list subscription ${input.id}`)
      }
      return { id: input.id, subscribed: false }
    }),
})
