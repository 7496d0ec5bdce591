import { createFileRoute, notFound } from '@tanstack/react-router'
import { NftBrowser } from '../components/nft/NftBrowser'
import { PageHeading } from '../components/ui/states'
import { CATEGORY_OPTIONS, nftBrowseQuery, parseBrowseSearch, searchPatcher, type BrowseSearch } from '../lib/browse'
import { CATEGORY_ROUTES } from '../lib/navigation'
import { pageTitle } from '../lib/seo'
import { strictSearch } from '../lib/search-params'

/** The Explore group's category pages: /art, /sports, /collectibles, /trading-cards, … */
function categoryOf(segment: string) {
  const value = CATEGORY_ROUTES[segment as keyof typeof CATEGORY_ROUTES]
  return CATEGORY_OPTIONS.find((o) => o.value === value)
}

export const Route = createFileRoute('/$category')({
  validateSearch: strictSearch<BrowseSearch>(parseBrowseSearch),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const category = categoryOf(params.category)
    if (!category) throw notFound()
    await context.queryClient.ensureInfiniteQueryData(nftBrowseQuery(context.trpc, deps, { category: category.value }))
    return category
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.label ?? 'Category') }] }),
  component: CategoryPage,
})

function CategoryPage() {
  const category = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <PageHeading title={category.label} lead={`${category.label} NFTs on Vitrine.`} />
      {/* The cards' names are h3: headings go down one level at a time. */}
      <h2 className="sr-only">Items</h2>
      <NftBrowser
        search={search}
        onSearchChange={searchPatcher(navigate)}
        fixed={{ category: category.value }}
        showCategories={false}
      />
    </section>
  )
}
