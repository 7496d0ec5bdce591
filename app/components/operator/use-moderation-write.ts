import { useQuery, useQueryClient, type Query } from '@tanstack/react-query'
import type { TRPCClient } from '@trpc/client'
import { useCallback } from 'react'
import type { AppRouter } from '../../../server/trpc/root'
import { useTRPC, useTRPCClient } from '../../lib/trpc-react'
import { useWallet } from '../../wallet/WalletProvider'
import { isStaleSignInRefusal, needsFreshSignIn } from './rules'

const consoleQuery = (query: Query) => {
  const [path] = query.queryKey as [unknown]
  return Array.isArray(path) && (path[0] === 'operator' || path[0] === 'moderation')
}

/**
 * Runs a moderation write: when the sign-in is older than the server allows (`moderation.me`'s
 * `writableUntil`), or the server says so, the wallet is asked to sign in again first and the write
 * is sent (again). Everything the console shows is read afresh afterwards.
 */
export function useModerationWrite() {
  const trpc = useTRPC()
  const wallet = useWallet()
  const queryClient = useQueryClient()
  const loadClient = useTRPCClient()
  const me = useQuery(trpc.moderation.me.queryOptions())
  const writableUntil = me.data?.writableUntil

  const signInAgain = useCallback(async () => {
    const account =
      wallet.status === 'connected' && wallet.address && wallet.chainId !== undefined
        ? { address: wallet.address, chainId: wallet.chainId }
        : await wallet.connect()
    if (!account) throw new Error('Connect the wallet you moderate with, then try again.')
    const result = await wallet.signIn(`${location.pathname}${location.search}`, account)
    if (!result.ok) throw new Error('Your wallet did not sign in again, so nothing was done. Try again.')
    await queryClient.invalidateQueries({ queryKey: trpc.moderation.me.queryKey() })
  }, [wallet, queryClient, trpc])

  return useCallback(
    async <T>(write: (client: TRPCClient<AppRouter>) => Promise<T>): Promise<T> => {
      if (needsFreshSignIn(writableUntil)) await signInAgain()
      const client = await loadClient()
      let result: T
      try {
        result = await write(client)
      } catch (error) {
        if (!isStaleSignInRefusal(error)) throw error
        await signInAgain()
        result = await write(client)
      }
      await queryClient.invalidateQueries({ predicate: consoleQuery })
      return result
    },
    [writableUntil, signInAgain, loadClient, queryClient],
  )
}
