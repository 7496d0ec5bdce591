/**
 * Text that a contract, a token's metadata or a person typing into our forms chose, cleaned
 * before it is stored or shown. The forms' schemas (server/inputs/) run it in the browser too,
 * so it imports nothing. Control characters go, and so do the invisible format characters that
 * make text read other than it is: bidi overrides and isolates ("Glazes\u202Egnp.exe" reads
 * "Glazesexe.png"), zero-width spaces, byte-order marks, tag characters. So do letters and
 * marks that show nothing (Hangul fillers, the blank Braille cell), which would pass as a name
 * ("\u3164" looks empty but is a letter). The zero-width joiner and non-joiner stay: they join
 * emoji and shape Persian and Indic words, and reorder nothing.
 */

/**
 * Format characters but ZWNJ and ZWJ, surrogate halves (a lone one is no character), and marks
 * that draw nothing: the combining grapheme joiner, Khmer's deprecated inherent vowels.
 */
const INVISIBLE = /(?![\u200c\u200d])[\p{Cf}\p{Cs}\u034f\u17b4\u17b5]/gu

/**
 * Letters and symbols drawn as blank space: Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the
 * blank Braille cell and the null notehead. They read as a space, so they become one (Braille
 * text keeps its word breaks) and are trimmed and collapsed like one.
 */
const BLANK = /[\u115f\u1160\u3164\uffa0\u2800\u{1d159}]/gu

/**
 * Variation selectors with nothing to select: at the start, after a space, or after another
 * (a run after one character hides data, and only the first can apply).
 */
const STRAY_SELECTORS = /(^|[\s\p{Cc}]|[\ufe00-\ufe0f\u{e0100}-\u{e01ef}])[\ufe00-\ufe0f\u{e0100}-\u{e01ef}]+/gu

/** The text without what draws nothing, and with blank letters as spaces. */
function visible(text: string): string {
  return text.replace(INVISIBLE, '').replace(BLANK, ' ').replace(STRAY_SELECTORS, '$1')
}

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
  return bounded(visible(text).replace(/[\s\p{Cc}]+/gu, ' '), max)
}

/** Paragraphs (a description): line breaks are kept, as \n, at most one blank line in a row. */
export function cleanParagraphs(text: string, max = Infinity): string {
  const lines = visible(text)
    .split(/\r\n?|[\n\v\f\u0085\u2028\u2029]/)
    .map((line) => line.replace(/\p{Cc}/gu, ' ').trimEnd())
  return bounded(lines.join('\n').replace(/\n{3,}/g, '\n\n'), max)
}
