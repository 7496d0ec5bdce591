import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { saveProfile } from '../../../db/market'
import { checksum } from '../../queries/serialize'
import { refuseHidden } from '../../queries/hidden'
import { findUser, listUserNfts, toUserJson, USER_NFT_FILTERS } from '../../queries/users'
import { profileInput, userNameSchema } from '../../inputs/profile'
import { protectedProcedure, publicProcedure, router } from '../init'
import { addressSchema, cursorSchema, limitSchema } from '../../inputs/fields'

/**
 * The handle the first sketch's client sends for every wallet on every account change. It is a
 * placeholder, not a claim: it never becomes anyone's handle, so it collides with none.
 */
const PLACEHOLDER_NAME = 'user'
const isPlaceholder = (name: string) => name.toLowerCase() === PLACEHOLDER_NAME

/** A FORBIDDEN error unless the signed-in wallet (`ctx.address`) is `address`. */
function assertOwner(sessionAddress: string, address: string, what = 'profile') {
  if (sessionAddress !== address) {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: `You can only change the ${what} of the wallet you signed in with.`,
    })
  }
}

export const userRouter = router({
  byAddress: publicProcedure.input(z.object({ address: addressSchema })).query(async ({ ctx, input }) => {
    const user = await findUser(ctx.db, input.address)
    if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: `no user with address ${checksum(input.address)}` })
    await refuseHidden(ctx.db, 'profile', user.hiddenBy)
    return toUserJson(user)
  }),

  nfts: publicProcedure
    .input(
      z.object({
        filter: z.enum(USER_NFT_FILTERS, { error: `must be one of ${USER_NFT_FILTERS.join(', ')}` }),
        address: addressSchema,
        cursor: cursorSchema,
        limit: limitSchema,
      }),
    )
    .query(({ ctx, input }) => listUserNfts(ctx.db, { ...input, now: new Date() })),

  /**
   * Creates or renames the signed-in wallet's user. It changes nothing unless the session owns that
   * address (the first sketch sent this unauthenticated on every account change).
   */
  upsert: protectedProcedure
    .input(z.strictObject({ walletAddress: addressSchema, userName: userNameSchema }))
    .mutation(async ({ ctx, input }) => {
      assertOwner(ctx.address, input.walletAddress, 'user')
      const existing = await findUser(ctx.db, input.walletAddress)
      const placeholder = isPlaceholder(input.userName)
      if (existing && placeholder) return { message: 'User updated', user: toUserJson(existing) }
      // A taken handle is a 409 (DomainError 'conflict').
      const row = await saveProfile(ctx.db, input.walletAddress, { username: placeholder ? null : input.userName })
      return { message: existing ? 'User updated' : 'User created', user: toUserJson(row) }
    }),

  /** Edit profile (/profile/{address}): only the signed-in owner can save. */
  updateProfile: protectedProcedure.input(profileInput.strict()).mutation(async ({ ctx, input }) => {
    assertOwner(ctx.address, input.walletAddress)
    if (isPlaceholder(input.userName)) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: `userName: "${input.userName}" is reserved; choose another` })
    }
    const links = Object.fromEntries(
      (['website', 'twitter', 'instagram'] as const).flatMap((key) => (input[key] ? [[key, input[key]]] : [])),
    )
    const row = await saveProfile(ctx.db, input.walletAddress, {
      username: input.userName,
      bio: input.bio || null,
      links,
    })
    return toUserJson(row)
  }),
})
