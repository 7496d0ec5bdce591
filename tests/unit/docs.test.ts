/**
 * The README stays a five-minute read (guides live in docs/), and no relative link in the
 * README or the guides points at a file that is not there.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(__dirname, '../..')
const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
]

/** Targets of `[text](target)` links that are neither absolute URLs nor in-page anchors. */
function relativeLinks(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '')
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
}

describe('documentation', () => {
  it('the README is at most 10 KB', () => {
    expect(statSync(join(root, 'README.md')).size).toBeLessThanOrEqual(10 * 1024)
  })

  it.each(documents)('every relative link in %s points at an existing file', (document) => {
    const links = relativeLinks(readFileSync(join(root, document), 'utf8'))
    const missing = links.filter((target) => !existsSync(resolve(root, dirname(document), target.split('#')[0]!)))
    expect(missing).toEqual([])
  })

  it('the README links every guide in docs/', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    const guides = documents.filter((d) => d.startsWith('docs/'))
    expect(guides.filter((guide) => !readme.includes(`](${guide})`))).toEqual([])
  })
})
