import { createFileRoute, Link } from '@tanstack/react-router'
import { pageTitle } from '../lib/seo'

export const Route = createFileRoute('/maintenance')({
  head: () => ({ meta: [{ title: pageTitle('Maintenance') }] }),
  component: () => (
    <section className="grid min-h-[80vh] place-items-center bg-gradient-to-br from-accent/20 via-transparent to-pink-300/20 px-4 pt-24 text-center">
      <div className="max-w-xl">
        <h1 className="font-display text-4xl font-bold md:text-5xl">We'll be back soon</h1>
        <p className="mt-4 text-lg text-jacarta-500 dark:text-jacarta-200">
          Vitrine is being upgraded. Your NFTs and orders are safe on chain; nothing is lost while the site is down.
        </p>
        <Link
          to="/platform_status"
          className="mt-8 inline-block rounded-full bg-accent px-8 py-3 font-semibold text-white"
        >
          See platform status
        </Link>
      </div>
    </section>
  ),
})
