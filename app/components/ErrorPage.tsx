import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'

export function ErrorPage({ error }: ErrorComponentProps) {
  const router = useRouter()
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        {error instanceof Error ? error.message : 'An unexpected error occurred.'}
      </p>
      <button
        type="button"
        onClick={() => void router.invalidate()}
        className="mt-8 rounded-full bg-violet-600 px-5 py-2.5 font-medium text-white hover:bg-violet-500"
      >
        Try again
      </button>
    </section>
  )
}
