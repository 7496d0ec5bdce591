/**
 * Text that a contract, a token's metadata or a person typing into our forms chose, cleaned
 * before it is stored or shown. The forms' schemas (server/inputs/) run it in the browser too,
 * so it imports nothing. Control characters go, and so do the invisible format characters that
 * make text read other than it is: bidi overrides and isolates ("Glazes\u202Egnp.exe" reads
 * "Glazesexe.png"), zero-width spaces, byte-order marks, tag characters. So do letters and
 * marks that show nothing (Hangul fillers, the blank Braille cell), which would pass as a name
 * ("\u3164" looks empty but is a letter). The zero-width joiner and non-joiner stay only where
 * they change what is drawn (STRAY_JOINERS): inside an emoji sequence (a family), after a virama,
 * between letters of a cursive script; elsewhere ("Bored\u200DApe") they draw nothing and go.
 */

/**
 * Format characters but ZWNJ and ZWJ (STRAY_JOINERS below), surrogate halves (a lone one is no
 * character), and marks that draw nothing: the combining grapheme joiner, Khmer's deprecated
 * inherent vowels.
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

/**
 * Viramas: Canonical_Combining_Class 9 (Unicode 14), which regular expressions cannot name.
 * Devanagari through Malayalam, Sinhala, Thai, Lao, Tibetan, Myanmar, the Philippine scripts,
 * Khmer, Balinese and their neighbours, then the historic scripts past U+FFFF.
 */
const VIRAMA =
  '[\\u094d\\u09cd\\u0a4d\\u0acd\\u0b4d\\u0bcd\\u0c4d\\u0ccd\\u0d3b\\u0d3c\\u0d4d\\u0dca\\u0e3a\\u0eba' +
  '\\u0f84\\u1039\\u103a\\u1714\\u1715\\u1734\\u17d2\\u1a60\\u1b44\\u1baa\\u1bab\\u1bf2\\u1bf3\\u2d7f' +
  '\\ua806\\ua82c\\ua8c4\\ua953\\ua9c0\\uaaf6\\uabed\\u{10a3f}\\u{11046}\\u{11070}\\u{1107f}\\u{110b9}' +
  '\\u{11133}\\u{11134}\\u{111c0}\\u{11235}\\u{112ea}\\u{1134d}\\u{11442}\\u{114c2}\\u{115bf}\\u{1163f}' +
  '\\u{116b6}\\u{1172b}\\u{11839}\\u{1193d}\\u{1193e}\\u{119e0}\\u{11a34}\\u{11a47}\\u{11a99}\\u{11c3f}' +
  '\\u{11d44}\\u{11d45}\\u{11d97}]'

/** Letters of the scripts that join cursively. */
const CURSIVE =
  '[\\p{Script=Arabic}\\p{Script=Syriac}\\p{Script=Nko}\\p{Script=Mongolian}\\p{Script=Mandaic}' +
  '\\p{Script=Manichaean}\\p{Script=Psalter_Pahlavi}\\p{Script=Adlam}\\p{Script=Hanifi_Rohingya}' +
  '\\p{Script=Sogdian}]'

const EMOJI = '\\p{Extended_Pictographic}'

/**
 * The zero-width joiner (ZWJ) and non-joiner (ZWNJ) where they draw nothing. Elsewhere they stay,
 * in IDNA's contexts (RFC 5892, CONTEXTJ) and emoji's:
 * - either, after a virama: it picks a half form or shows the virama (Sinhala's "Sri");
 * - ZWJ, between two emoji (the first maybe with a skin tone or U+FE0F): one picture of them (a
 *   family, a rainbow flag, a runner of a given skin tone);
 * - ZWNJ, between letters of a cursive script, a few marks apart (Persian "mi-khaham"): it breaks
 *   the join. IDNA asks for each letter's joining type, which JavaScript cannot read; the script
 *   stands for it.
 * One pattern, no callback: text made of joiners costs what other invisible characters do.
 */
const STRAY_JOINERS = new RegExp(
  `\\u200d(?<!${VIRAMA}\\u200d)(?:(?<!${EMOJI}[\\u{1f3fb}-\\u{1f3ff}]?\\ufe0f?\\u200d)|(?!${EMOJI}))` +
    `|\\u200c(?<!${VIRAMA}\\u200c)(?:(?<!${CURSIVE}\\p{Mn}{0,4}\\u200c)|(?!\\p{Mn}{0,4}${CURSIVE}))`,
  'gu',
)

/** The text without what draws nothing, and with blank letters as spaces. */
function visible(text: string): string {
  return text.replace(INVISIBLE, '').replace(STRAY_JOINERS, '').replace(BLANK, ' ').replace(STRAY_SELECTORS, '$1')
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
