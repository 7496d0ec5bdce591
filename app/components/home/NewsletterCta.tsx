import { Link } from '@tanstack/react-router'

export function NewsletterCta() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
      <div className="rounded-3xl bg-gradient-to-r from-accent to-pink-500 p-10 text-white md:p-14">
        <h2 className="font-display text-2xl font-bold md:text-3xl">Get the drops before everyone else</h2>
        <p className="mt-3 max-w-xl text-white/90">
          One email a week: new collections, auctions ending soon and creator stories.
        </p>
        <Link
          to="/newsletter"
          className="mt-8 inline-block rounded-full bg-white px-8 py-3 font-semibold text-accent-dark hover:bg-jacarta-50"
        >
          Subscribe
        </Link>
      </div>
    </section>
  )
}
