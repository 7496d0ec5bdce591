/**
 * Zero-width joiners in names: kept where they change what is drawn (emoji sequences, a virama's
 * half forms, cursive scripts), gone where they only make one name pass for another.
 */
import { describe, expect, it } from 'vitest'
import { pageTitle, socialMeta } from '../../app/lib/seo'
import { parseTokenMetadata } from '../../server/metadata/parse'
import { cleanLine, cleanParagraphs } from '../../server/metadata/text'

const ZWJ = '\u200d'
const ZWNJ = '\u200c'

describe('zero-width joiners in names', () => {
  it('keeps emoji sequences whole', () => {
    const sequences = {
      family: `\u{1f468}${ZWJ}\u{1f469}${ZWJ}\u{1f467}`,
      'rainbow flag': `\u{1f3f3}\ufe0f${ZWJ}\u{1f308}`,
      'pirate flag': `\u{1f3f4}${ZWJ}\u2620\ufe0f`,
      'woman running, medium skin tone': `\u{1f3c3}\u{1f3fd}${ZWJ}\u2640\ufe0f`,
      'couple with heart': `\u{1f469}${ZWJ}\u2764\ufe0f${ZWJ}\u{1f468}`,
      'people holding hands, two skin tones': `\u{1f9d1}\u{1f3fd}${ZWJ}\u{1f91d}${ZWJ}\u{1f9d1}\u{1f3fb}`,
      'woman artist': `\u{1f469}${ZWJ}\u{1f3a8}`,
    }
    for (const [name, emoji] of Object.entries(sequences)) {
      expect(cleanLine(`Club ${emoji} #1`), name).toBe(`Club ${emoji} #1`)
    }
  })

  it('drops a joiner that draws nothing, so a name cannot pass for another', () => {
    expect(cleanLine(`Bored${ZWJ}Ape`)).toBe('BoredApe')
    expect(cleanLine(`Bored${ZWNJ}Ape Yacht${ZWJ} Club`)).toBe('BoredApe Yacht Club')
    expect(cleanLine(`${ZWJ}Bored Ape${ZWJ}`)).toBe('Bored Ape')
    // Beside one emoji only, or in a run, it joins nothing.
    expect(cleanLine(`\u{1f468}${ZWJ}Ape`)).toBe('\u{1f468}Ape')
    expect(cleanLine(`Ape${ZWJ}\u{1f468}`)).toBe('Ape\u{1f468}')
    expect(cleanLine(`\u{1f468}${ZWJ}${ZWJ}\u{1f469}`)).toBe('\u{1f468}\u{1f469}')
    expect(cleanLine(`\u{1f468}${ZWNJ}\u{1f469}`)).toBe('\u{1f468}\u{1f469}')
    // Hidden behind other invisible characters, which go first.
    expect(cleanLine(`Bored\u200b${ZWJ}\u2060Ape`)).toBe('BoredApe')
    expect(cleanParagraphs(`${ZWJ.repeat(200_000)}\nBored${ZWJ}Ape`)).toBe('BoredApe')
    expect(cleanLine(`a${ZWJ}`.repeat(100_000))).toBe('a'.repeat(100_000))
  })

  it('keeps the joiners that shape Indic and Persian words', () => {
    const words = [
      `\u0dc1\u0dca${ZWJ}\u0dbb\u0dd3`, // Sinhala "Sri": ZWJ after the virama makes the touching form
      `\u0915\u094d${ZWJ}\u0937`, // Devanagari half KA before SSA
      `\u0915\u094d${ZWNJ}\u0937`, // Devanagari: the virama shown, no conjunct
      `\u0645\u06cc${ZWNJ}\u062e\u0648\u0627\u0647\u0645`, // Persian "mi-khaham": the prefix unjoined
      `\u0646\u0627\u0645\u0647${ZWNJ}\u0647\u0627`, // Persian "nameh-ha"
    ]
    for (const word of words) expect(cleanLine(word)).toBe(word)
    // Between a cursive letter and a Latin one, or two Latin ones, the non-joiner shapes nothing.
    expect(cleanLine(`\u0645\u06cc${ZWNJ}Ape`)).toBe('\u0645\u06ccApe')
  })

  it('cleans token names as they are stored, and titles as they are shown', () => {
    const family = `\u{1f468}${ZWJ}\u{1f469}${ZWJ}\u{1f467}`
    const bytes = new TextEncoder().encode(JSON.stringify({ name: `Bored${ZWJ}Ape ${family}` }))
    const gateways = { ipfsGateway: 'https://ipfs.io/ipfs/', arweaveGateway: 'https://arweave.net/' }
    const metadata = parseTokenMetadata(bytes, { gateways, allowHosts: [] })
    expect(metadata.name).toBe(`BoredApe ${family}`)
    // A name stored before this rule, or typed into a search, is cleaned in the title.
    expect(pageTitle(`Bored${ZWJ}Ape ${family}`)).toBe(`BoredApe ${family} || Vitrine NFT Marketplace`)
    const meta = socialMeta({ title: `Bored${ZWJ}Ape`, description: '', image: '/a.png', path: '/item/1' })
    expect(meta.filter((tag) => tag.content === 'BoredApe')).toHaveLength(2)
  })
})
