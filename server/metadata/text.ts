/**
 * Text that a contract, a token's metadata or a person typing into our forms chose, cleaned
 * before it is stored or shown. The forms' schemas (server/inputs/) run it in the browser too,
 * so it imports nothing. Control characters go, and so do the invisible format characters that
 * make text read other than it is: bidi overrides and isolates ("Glazes\u202Egnp.exe" reads
 * "Glazesexe.png"), zero-width spaces, byte-order marks, tag characters. The zero-width joiner
 * and non-joiner stay: they join emoji and shape Persian and Indic words, and reorder nothing.
 */

/** Format characters but ZWNJ and ZWJ, and surrogate halves (a lone one is no character). */
const INVISIBLE = /(?![\u200c\u200d])[\p{Cf}\p{Cs}]/gu

/** Trimmed, at most `max` UTF-16 units, never ending in half a surrogate pair. */
function bounded(text: string, max: number): string {
  return text
    .trim()
    .slice(0, max)
    .replace(/[\ud800-\udbff]$/, '')
    .trimEnd()
}

/** One line (a name, a trait): line breaks, tabs and runs of spaces become one space. */
export function cleanLine(text: string, max = Infinity): string {
  return bounded(text.replace(INVISIBLE, '').replace(/[\s\p{Cc}]+/gu, ' '), max)
}

/** Paragraphs (a description): line breaks are kept, as \n, at most one blank line in a row. */
export function cleanParagraphs(text: string, max = Infinity): string {
  const lines = text
    .replace(INVISIBLE, '')
    .split(/\r\n?|[\n\v\f\u0085\u2028\u2029]/)
    .map((line) => line.replace(/\p{Cc}/gu, ' ').trimEnd())
  return bounded(lines.join('\n').replace(/\n{3,}/g, '\n\n'), max)
}
