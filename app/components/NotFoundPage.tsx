import { Link } from '@tanstack/react-router'

export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold text-violet-600 dark:text-violet-400">404</p>
      <h1 className="mt-2 text-3xl font-bold">Page not found</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        The page you are looking for does not exist or was moved.
      </p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-full bg-violet-600 px-5 py-2.5 font-medium text-white hover:bg-violet-500"
      >
        Back to the marketplace
      </Link>
    </section>
  )
}
