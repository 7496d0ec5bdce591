import { createFileRoute, notFound } from '@tanstack/react-router'
import { HomePage } from '../../components/home/HomePage'
import { prefetchHome } from '../../components/home/prefetch'
import { pageTitle } from '../../lib/seo'

/** /home/home_2 … /home/home_12 */
export const Route = createFileRoute('/home/$variant')({
  loader: async ({ context, params }) => {
    const { HOME_PAGES } = await import('../../lib/home-variants')
    const n = Number(/^home_(\d+)$/.exec(params.variant)?.[1])
    const variant = HOME_PAGES.find((v) => v.n === n && n > 1)
    if (!variant) throw notFound()
    await prefetchHome(context)
    return variant
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.name ?? 'Home') }] }),
  component: function HomeVariantPage() {
    return <HomePage variant={Route.useLoaderData()} />
  },
})
