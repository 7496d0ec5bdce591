import { useId, type ReactNode } from 'react'

/** A chart's drawing area, in SVG user units (the SVG scales to its column's width). */
export const WIDTH = 480
export const PAD = { left: 44, right: 10, top: 22, bottom: 24 }

/**
 * A chart as a figure: its title and a sentence saying what it shows (read by everyone, a screen
 * reader and a page without CSS included), the drawing (role="img", named by the title and
 * described by the sentence), and its numbers as a table behind a disclosure. With nothing to
 * draw, it says so instead of drawing an empty frame.
 */
export function ChartFrame(props: {
  title: string
  summary: string
  /** Shown instead of the drawing when there is nothing to draw. */
  empty?: string | false
  height: number
  columns: string[]
  rows: (string | number)[][]
  children: ReactNode
  testId?: string
}) {
  const id = useId()
  return (
    <figure
      data-testid={props.testId}
      className="rounded-2xl border border-jacarta-100 bg-white p-4 dark:border-jacarta-700 dark:bg-jacarta-800"
    >
      <figcaption>
        <h3 id={`${id}-title`} className="font-display text-base font-semibold">
          {props.title}
        </h3>
        <p id={`${id}-summary`} className="mt-1 text-sm text-jacarta-500 dark:text-jacarta-200">
          {props.summary}
        </p>
      </figcaption>
      {props.empty ? (
        <p className="mt-4 rounded-lg bg-jacarta-50 p-6 text-center text-sm dark:bg-jacarta-700">{props.empty}</p>
      ) : (
        <svg
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-summary`}
          viewBox={`0 0 ${WIDTH} ${props.height}`}
          className="mt-3 h-auto w-full overflow-visible text-[16px] text-jacarta-500 sm:text-[11px] dark:text-jacarta-300"
        >
          {props.children}
        </svg>
      )}
      {props.rows.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-jacarta-500 dark:text-jacarta-200">Show the data as a table</summary>
          {/* Focusable: a keyboard scrolls it. */}
          <div className="mt-2 max-h-64 overflow-auto" tabIndex={0} role="region" aria-label={`${props.title}: data`}>
            <table className="w-full text-left">
              <caption className="sr-only">{props.title}</caption>
              <thead>
                <tr>
                  {props.columns.map((c) => (
                    <th key={c} scope="col" className="py-1 pr-3 font-semibold">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {props.rows.map((row, i) => (
                  <tr key={i} className="border-t border-jacarta-100 dark:border-jacarta-700">
                    {row.map((cell, j) => (
                      <td key={j} className="py-1 pr-3 tabular-nums">
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </figure>
  )
}

/** Horizontal grid lines with their labels on the left, for `ticks` mapped by `y`. */
export function YAxis({
  ticks,
  y,
  label,
}: {
  ticks: number[]
  y: (v: number) => number
  label: (v: number) => string
}) {
  return (
    <g>
      {ticks.map((t) => (
        <g key={t}>
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(t)}
            y2={y(t)}
            stroke="currentColor"
            strokeOpacity={t === 0 ? 0.5 : 0.15}
          />
          <text x={PAD.left - 6} y={y(t)} dy="0.32em" textAnchor="end" fill="currentColor">
            {label(t)}
          </text>
        </g>
      ))}
    </g>
  )
}

/** Date labels under the drawing at `ticks` (ms) mapped by `x`. */
export function XAxis({
  ticks,
  x,
  top,
  label,
}: {
  ticks: number[]
  x: (v: number) => number
  top: number
  label: (v: number) => string
}) {
  return (
    <g>
      {ticks.map((t, i) => (
        <text
          key={t}
          x={x(t)}
          y={top + 16}
          textAnchor={i === 0 ? 'start' : i === ticks.length - 1 ? 'end' : 'middle'}
          fill="currentColor"
        >
          {label(t)}
        </text>
      ))}
    </g>
  )
}
