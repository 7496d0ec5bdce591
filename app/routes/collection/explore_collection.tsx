import { createFileRoute } from '@tanstack/react-router'
import { NftBrowser } from '../../components/nft/NftBrowser'
import { PageHeading } from '../../components/ui/states'
import { nftBrowseQuery, parseBrowseSearch, searchPatcher, type BrowseSearch } from '../../lib/browse'
import { pageTitle } from '../../lib/seo'
import { strictSearch } from '../../lib/search-params'

export const Route = createFileRoute('/collection/explore_collection')({
  validateSearch: strictSearch<BrowseSearch>(parseBrowseSearch),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureInfiniteQueryData(nftBrowseQuery(context.trpc, deps)),
  head: () => ({ meta: [{ title: pageTitle('Explore') }] }),
  component: ExplorePage,
})

function ExplorePage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <PageHeading title="Explore" lead="Every item on Vitrine: sort, filter and find your next piece." />
      {/* The cards' names are h3: headings go down one level at a time. */}
      <h2 className="sr-only">Items</h2>
      <NftBrowser search={search} onSearchChange={searchPatcher(navigate)} />
    </section>
  )
}
