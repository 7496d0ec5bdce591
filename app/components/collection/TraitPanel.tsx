import { useQuery } from '@tanstack/react-query'
import { useId, useState, type ReactNode } from 'react'
import type { RouterOutputs } from '../../../server/trpc/root'
import { splitTrait, traitFilter, traitRange } from '../../../server/inputs/trait-syntax'
import type { BrowseSearch } from '../../lib/browse'
import { formatEth } from '../../lib/format'
import { useTRPC } from '../../lib/trpc-react'

type TraitsPage = RouterOutputs['collection']['traits']
type TraitValue = TraitsPage['data'][number]
/** A type as a page names it, with how many values it has (those not in the page were left out). */
type TraitType = TraitsPage['types'][number]

/** The chosen filters of the URL, read back as type and value (or range). */
function chosen(search: BrowseSearch) {
  const values = (search.trait ?? []).flatMap((text) => {
    const split = splitTrait(text)
    return split ? [{ text, type: split.type, value: split.rest }] : []
  })
  const ranges = (search.traitRange ?? []).flatMap((text) => {
    const split = splitTrait(text)
    const [min, max] = split ? split.rest.split('..') : []
    return split ? [{ text, type: split.type, min: min || undefined, max: max || undefined }] : []
  })
  return { values, ranges }
}

/** A page's types, most common first, each with its values (most common first, as answered). */
function byType(page: TraitsPage): [TraitType, TraitValue[]][] {
  const rows = new Map<string, TraitValue[]>(page.types.map((t) => [t.type, []]))
  for (const row of page.data) rows.get(row.type)?.push(row)
  return page.types.map((t) => [t, rows.get(t.type)!])
}

const chip =
  'inline-flex items-center gap-1 rounded-xl border border-accent/40 bg-accent/10 px-3 py-1 text-sm font-semibold text-accent dark:text-accent-lighter'

/**
 * A collection's trait filter: every type with its values, each with its token count and floor,
 * searchable within a type; numeric types by range. Values of a type are any-of, types all-of;
 * the choice lives in the URL (`trait`, `traitRange`), so it survives a reload and can be shared.
 */
export function TraitPanel({
  collection,
  search,
  onSearchChange: update,
}: {
  collection: string
  search: BrowseSearch
  onSearchChange: (patch: Partial<BrowseSearch>) => void
}) {
  const trpc = useTRPC()
  const traits = useQuery(trpc.collection.traits.queryOptions({ idOrSlug: collection }))
  const { values, ranges } = chosen(search)
  const setValues = (next: string[]) => update({ trait: next.length ? next : undefined })
  const setRanges = (next: string[]) => update({ traitRange: next.length ? next : undefined })
  // On a phone the panel folds away above the grid until asked for; beside it on a wide screen.
  const [shown, setShown] = useState(false)
  const panelId = useId()
  if (!traits.data?.data.length) return null
  const chosenCount = values.length + ranges.length

  return (
    <div data-testid="trait-panel">
      <button
        type="button"
        className="w-full rounded-xl border border-jacarta-100 px-4 py-3 text-left font-semibold lg:hidden dark:border-jacarta-600"
        aria-expanded={shown}
        aria-controls={panelId}
        onClick={() => setShown(!shown)}
      >
        Filter by trait{chosenCount > 0 ? ` (${chosenCount} chosen)` : ''}
      </button>
      <div id={panelId} className={shown ? 'mt-4 lg:mt-0' : 'hidden lg:block'}>
        <h2 className="mb-3 font-display text-lg font-semibold">Traits</h2>
        {(values.length > 0 || ranges.length > 0) && (
          <div className="mb-4 flex flex-wrap gap-2" aria-label="Chosen traits">
            {values.map((v) => (
              <button
                key={v.text}
                type="button"
                className={chip}
                onClick={() => setValues(values.filter((x) => x.text !== v.text).map((x) => x.text))}
                aria-label={`Remove ${v.type}: ${v.value}`}
              >
                {v.type}: {v.value} <span aria-hidden>×</span>
              </button>
            ))}
            {ranges.map((r) => (
              <button
                key={r.text}
                type="button"
                className={chip}
                onClick={() => setRanges(ranges.filter((x) => x.text !== r.text).map((x) => x.text))}
                aria-label={`Remove ${r.type} range`}
              >
                {r.type}: {r.min ?? '…'} – {r.max ?? '…'} <span aria-hidden>×</span>
              </button>
            ))}
            <button
              type="button"
              className="text-sm font-semibold text-jacarta-500 underline dark:text-jacarta-200"
              onClick={() => update({ trait: undefined, traitRange: undefined })}
            >
              Clear all
            </button>
          </div>
        )}
        <div className="divide-y divide-jacarta-100 rounded-2xl border border-jacarta-100 dark:divide-jacarta-700 dark:border-jacarta-700">
          <TypeList collection={collection} page={traits.data} render={filterOf} />
        </div>
      </div>
    </div>
  )

  function filterOf([info, rows]: [TraitType, TraitValue[]]) {
    const { type } = info
    return rows[0]?.displayType ? (
      <RangeFilter
        key={type}
        type={type}
        rows={rows}
        current={ranges.find((r) => r.type === type)}
        onChange={(text) => setRanges([...ranges.filter((r) => r.type !== type).map((r) => r.text), ...text])}
      />
    ) : (
      <ValueFilter
        key={type}
        collection={collection}
        info={info}
        rows={rows}
        chosen={values.filter((v) => v.type === type).map((v) => v.value)}
        onToggle={(value, on) =>
          setValues(
            on
              ? [...values.map((v) => v.text), traitFilter(type, value)]
              : values.filter((v) => !(v.type === type && v.value === value)).map((v) => v.text),
          )
        }
      />
    )
  }
}

/**
 * A page of types, then a button for the next page: a collection of thousands of types shows
 * the most common ones, and the others only when asked for.
 */
function TypeList({
  collection,
  page,
  render,
}: {
  collection: string
  page: TraitsPage
  render: (type: [TraitType, TraitValue[]]) => ReactNode
}) {
  const [asked, setAsked] = useState(false)
  const trpc = useTRPC()
  const next = useQuery({
    ...trpc.collection.traits.queryOptions({ idOrSlug: collection, cursor: page.nextCursor ?? '' }),
    enabled: asked && page.nextCursor !== null,
  })
  return (
    <>
      {byType(page).map(render)}
      {page.nextCursor !== null &&
        (next.data ? (
          <TypeList collection={collection} page={next.data} render={render} />
        ) : (
          <div className="px-4 py-3">
            <button
              type="button"
              disabled={asked && !next.isError}
              onClick={() => (next.isError ? next.refetch() : setAsked(true))}
              className="text-sm font-semibold text-accent underline disabled:opacity-50"
            >
              {next.isError ? 'Could not load; try again' : `Show more trait types (${page.typesLeft} left)`}
            </button>
          </div>
        ))}
    </>
  )
}

function TypeHeading({ type, count, chosen }: { type: string; count: string; chosen: number }) {
  return (
    <summary className="flex cursor-pointer items-center justify-between gap-2 px-4 py-3 font-semibold">
      <span className="truncate">{type}</span>
      <span className="flex shrink-0 items-center gap-2 text-xs text-jacarta-500 dark:text-jacarta-200">
        {chosen > 0 && <span className="rounded-full bg-accent px-2 py-0.5 text-white">{chosen}</span>}
        {count}
      </span>
    </summary>
  )
}

function ValueFilter({
  collection,
  info,
  rows,
  chosen,
  onToggle,
}: {
  collection: string
  info: TraitType
  rows: TraitValue[]
  chosen: string[]
  onToggle: (value: string, on: boolean) => void
}) {
  const { type } = info
  const [text, setText] = useState('')
  // Values are drawn only while the type is open: the page holds its types, not every value.
  const [open, setOpen] = useState(chosen.length > 0)
  const id = useId()
  const trpc = useTRPC()
  const capped = info.values > rows.length
  const needle = text.trim().toLowerCase()
  // A type with more values than the page sent: opened, it asks for its own page; a search asks
  // the server for matching ones.
  const more = useQuery({
    ...trpc.collection.traits.queryOptions({ idOrSlug: collection, type, ...(needle ? { q: needle } : {}) }),
    enabled: capped && open,
  })
  const found = capped && more.data ? more.data.data : rows.filter((r) => r.value.toLowerCase().includes(needle))
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <TypeHeading type={type} count={String(info.values)} chosen={chosen.length} />
      <div className="px-4 pb-4">
        {open && (rows.length > 8 || capped) && (
          <input
            type="search"
            aria-label={`Search ${type} values`}
            placeholder="Search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="mb-2 h-9 w-full rounded-lg border border-jacarta-100 bg-white px-3 text-sm dark:border-jacarta-600 dark:bg-jacarta-800"
          />
        )}
        {open && (
          <ul className="max-h-72 space-y-1 overflow-y-auto" aria-label={`${type} values`}>
            {found.map((row, i) => {
              const on = chosen.includes(row.value)
              return (
                <li key={row.value}>
                  <label
                    htmlFor={`${id}-${i}`}
                    className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-jacarta-50 dark:hover:bg-jacarta-700"
                  >
                    <input
                      id={`${id}-${i}`}
                      type="checkbox"
                      checked={on}
                      onChange={(e) => onToggle(row.value, e.target.checked)}
                      className="h-4 w-4 accent-accent"
                    />
                    <span className="min-w-0 flex-1 truncate">{row.value}</span>
                    <span className="text-xs text-jacarta-500 dark:text-jacarta-200" aria-label={`${row.count} items`}>
                      {row.count}
                    </span>
                    <span className="w-20 text-right text-xs text-jacarta-500 dark:text-jacarta-200">
                      {row.floor ? `${formatEth(row.floor.eth, 3)} ETH` : '—'}
                      <span className="sr-only">{row.floor ? ' floor' : ' none listed'}</span>
                    </span>
                  </label>
                </li>
              )
            })}
            {found.length === 0 && <li className="px-2 py-1.5 text-sm text-jacarta-500">No value matches.</li>}
            {more.data?.nextCursor && (
              <li className="px-2 py-1.5 text-sm text-jacarta-500">The most common shown; search for the others.</li>
            )}
          </ul>
        )}
      </div>
    </details>
  )
}

/** A date trait's bounds are Unix seconds in the URL and days in the form. */
const toDay = (seconds: string | undefined) =>
  seconds === undefined || !Number.isFinite(Number(seconds))
    ? ''
    : new Date(Number(seconds) * 1000).toISOString().slice(0, 10)
const fromDay = (day: string, end: boolean) =>
  day === '' ? undefined : Math.floor(Date.parse(`${day}T${end ? '23:59:59' : '00:00:00'}Z`) / 1000)

function RangeFilter({
  type,
  rows,
  current,
  onChange,
}: {
  type: string
  rows: TraitValue[]
  current: { min?: string | undefined; max?: string | undefined } | undefined
  onChange: (text: string[]) => void
}) {
  const date = rows[0]!.displayType === 'date'
  const numbers = rows.map((r) => Number(r.value))
  const low = Math.min(...numbers)
  const high = Math.max(...numbers)
  const shown = (bound: string | undefined) => (date ? toDay(bound) : (bound ?? ''))
  const [min, setMin] = useState(shown(current?.min))
  const [max, setMax] = useState(shown(current?.max))
  const read = (text: string, end: boolean) => (date ? fromDay(text, end) : text === '' ? undefined : Number(text))
  const lo = read(min, false)
  const hi = read(max, true)
  const wrong = lo !== undefined && hi !== undefined && lo > hi
  const field =
    'h-9 w-full rounded-lg border border-jacarta-100 bg-white px-2 text-sm dark:border-jacarta-600 dark:bg-jacarta-800'
  return (
    <details open={current !== undefined}>
      <TypeHeading
        type={type}
        count={date ? `${toDay(String(low))} – ${toDay(String(high))}` : `${low} – ${high}`}
        chosen={current ? 1 : 0}
      />
      <form
        className="px-4 pb-4"
        onSubmit={(e) => {
          e.preventDefault()
          if (!wrong) onChange(lo === undefined && hi === undefined ? [] : [traitRange(type, lo, hi)])
        }}
      >
        <div className="flex items-center gap-2">
          <input
            aria-label={`${type} from`}
            type={date ? 'date' : 'number'}
            step="any"
            placeholder={String(low)}
            value={min}
            onChange={(e) => setMin(e.target.value)}
            className={field}
          />
          <span aria-hidden>–</span>
          <input
            aria-label={`${type} to`}
            type={date ? 'date' : 'number'}
            step="any"
            placeholder={String(high)}
            value={max}
            onChange={(e) => setMax(e.target.value)}
            className={field}
          />
        </div>
        {wrong && (
          <p role="alert" className="mt-2 text-sm text-red">
            The lower bound is above the upper one.
          </p>
        )}
        <button
          type="submit"
          disabled={wrong}
          className="mt-2 rounded-lg bg-accent px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-50"
        >
          Apply
        </button>
      </form>
    </details>
  )
}
