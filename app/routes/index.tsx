import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '../components/home/HomePage'
import { prefetchHome } from '../components/home/prefetch'
import { pageTitle } from '../lib/seo'

export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: pageTitle('Home') }] }),
  loader: async ({ context }) => {
    // The variants' texts load on demand, not with every page's route definitions.
    const [{ HOME_PAGES }] = await Promise.all([import('../lib/home-variants'), prefetchHome(context)])
    return HOME_PAGES[0]!
  },
  component: function Home() {
    return <HomePage variant={Route.useLoaderData()} />
  },
})
