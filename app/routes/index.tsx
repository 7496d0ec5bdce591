import { createFileRoute } from '@tanstack/react-router'
import { HomePage, prefetchHome } from '../components/home/HomePage'
import { HOME_PAGES } from '../lib/home-variants'
import { pageTitle } from '../lib/seo'

const variant = HOME_PAGES[0]!

export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: pageTitle('Home') }] }),
  loader: ({ context }) => prefetchHome(context),
  component: () => <HomePage variant={variant} />,
})
