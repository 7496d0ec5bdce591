import { useMutation, useQuery } from '@tanstack/react-query'
import { quietButtonClass, SettingsSection } from '../../components/ui/SettingsSection'
import { createFileRoute, Link, redirect } from '@tanstack/react-router'
import { MyReports } from '../../components/moderation/MyReports'
import { EmailSettings } from '../../components/notifications/EmailSettings'
import { NotificationSettings } from '../../components/notifications/NotificationSettings'
import { WebhookSettings } from '../../components/notifications/WebhookSettings'
import { Field, FormError } from '../../components/ui/Field'
import { PageHeading } from '../../components/ui/states'
import { useSchemaForm } from '../../lib/form'
import { shortenAddress } from '../../lib/format'
import { isAddressLike } from '../../lib/search-params'
import { pageTitle } from '../../lib/seo'
import { useTRPC } from '../../lib/trpc-react'
import { useWallet } from '../../wallet/WalletProvider'
import { profileInput } from '../../../server/inputs/profile'

export const Route = createFileRoute('/profile/$address')({
  loader: async ({ context, params }) => {
    // Edit Profile without a connected wallet goes to /login (also the demo path /profile/user_avatar).
    if (!isAddressLike(params.address)) throw redirect({ to: '/login' })
    const [session, user] = await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.session.queryOptions()),
      context.queryClient
        .ensureQueryData(context.trpc.user.byAddress.queryOptions({ address: params.address }))
        .catch(() => null),
    ])
    // A page that needs a session sends the visitor to sign in, and back here afterwards.
    if (!session)
      throw redirect({ to: '/login', search: { error: 'SessionRequired', callbackUrl: `/profile/${params.address}` } })
    return { address: params.address, user }
  },
  head: () => ({ meta: [{ title: pageTitle('Edit Profile') }] }),
  component: EditProfilePage,
})

function EditProfilePage() {
  const { address, user } = Route.useLoaderData()
  const trpc = useTRPC()
  const session = useQuery(trpc.session.queryOptions())
  const save = useMutation(trpc.user.updateProfile.mutationOptions())
  const form = useSchemaForm({
    schema: profileInput,
    onValid: (profile) => save.mutate(profile, { onError: form.fromServer }),
  })
  const { errors } = form
  const isOwner = session.data?.address.toLowerCase() === address.toLowerCase()

  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <PageHeading title="Edit profile" lead={`Wallet ${shortenAddress(address)}`} />
      {!isOwner && (
        <p role="note" className="mb-6 rounded-xl bg-accent/10 p-4 text-sm">
          Only the owner of this wallet can edit its profile.{' '}
          <Link to="/login" className="font-semibold text-accent underline">
            Sign in with your wallet
          </Link>{' '}
          to edit yours.
        </p>
      )}
      <form className="space-y-5" {...form.props}>
        <input type="hidden" name="walletAddress" value={address} />
        <fieldset disabled={!isOwner || save.isPending} className="space-y-5 disabled:opacity-60">
          <Field
            name="userName"
            label="Username"
            required
            defaultValue={user?.username ?? ''}
            error={errors.userName}
          />
          <Field name="bio" label="Bio" multiline maxLength={280} defaultValue={user?.bio ?? ''} error={errors.bio} />
          <Field
            name="website"
            label="Website"
            type="url"
            defaultValue={user?.links.website ?? ''}
            error={errors.website}
          />
          <Field
            name="twitter"
            label="Twitter"
            type="url"
            defaultValue={user?.links.twitter ?? ''}
            error={errors.twitter}
          />
          <Field
            name="instagram"
            label="Instagram"
            type="url"
            defaultValue={user?.links.instagram ?? ''}
            error={errors.instagram}
          />
          <button
            type="submit"
            className="rounded-full bg-accent px-8 py-3 font-semibold text-white hover:bg-accent-dark"
          >
            {save.isPending ? 'Saving…' : 'Update profile'}
          </button>
        </fieldset>
        {save.isSuccess && (
          <p role="status" className="rounded-xl bg-green/10 p-4 font-semibold">
            Profile saved.
          </p>
        )}
        <FormError message={form.formError} />
      </form>
      {isOwner && <NotificationSettings />}
      <EmailSettings address={address} />
      <WebhookSettings address={address} />
      {isOwner && <MyReports />}
      {isOwner && <SignOutEverywhere />}
    </section>
  )
}

/** Ends every session of this wallet on the server: other browsers and devices are signed out too. */
function SignOutEverywhere() {
  const trpc = useTRPC()
  const wallet = useWallet()
  const end = useMutation(trpc.signOutEverywhere.mutationOptions({ onSuccess: () => wallet.signOut() }))
  return (
    <SettingsSection
      name="sessions"
      title="Sessions"
      lead="Signed in on a device you no longer use? End every session of this wallet, here and everywhere else."
    >
      <button
        type="button"
        disabled={end.isPending}
        onClick={() => end.mutate()}
        className={`${quietButtonClass} mt-4`}
      >
        {end.isPending ? 'Signing out…' : 'Sign out everywhere'}
      </button>
      {end.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {end.error.message}
        </p>
      )}
    </SettingsSection>
  )
}
