import { readFileSync, writeFileSync } from 'node:fs'

/** Replaces (or appends) the section `name` of bench/RESULTS.md, leaving the others alone. */
export function writeSection(name: string, markdown: string): void {
  const file = new URL('./RESULTS.md', import.meta.url)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    text = '# Benchmark results\n\nWritten by the scripts in bench/; numbers from this 2-core machine.\n'
  }
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const block = `${start}\n${markdown.trim()}\n${end}`
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`)
  text = pattern.test(text) ? text.replace(pattern, block) : `${text.trimEnd()}\n\n${block}\n`
  writeFileSync(file, text)
}
