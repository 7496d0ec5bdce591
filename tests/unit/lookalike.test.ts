/** Names that imitate a verified collection's are caught; honest near names are not. */
import { describe, expect, it } from 'vitest'
import { findLookalike, nameSkeleton } from '../../server/import/lookalike'

const verified = [
  { id: 1, name: 'Bored Ape Yacht Club' },
  { id: 2, name: 'Azuki' },
  { id: 3, name: 'Pudgy Penguins' },
  { id: 4, name: 'Harbour Lights' },
  { id: 5, name: 'Moonbirds' },
  { id: 6, name: 'Doodles' },
  { id: 7, name: 'Cats' },
  { id: 8, name: 'Art' },
]
const match = (name: string) => findLookalike(name, verified)?.id ?? null

describe('findLookalike', () => {
  it('sees through case, spaces, punctuation, accents, digits and other scripts', () => {
    expect(match('bored ape yacht club')).toBe(1)
    expect(match('Bored-Ape_Yacht.Club!')).toBe(1)
    expect(match('B0red Ape Yacht C1ub')).toBe(1)
    expect(match('Воrеd Аpе Yасht Сlub')).toBe(1) // Cyrillic В, о, е, А, а, с, С
    expect(match('Bóred Apé Yacht Club')).toBe(1)
    expect(match('Ｂｏｒｅｄ Ａｐｅ Ｙａｃｈｔ Ｃｌｕｂ')).toBe(1) // fullwidth
    expect(match('AZUKl')).toBe(2)
    expect(match('Pudgy Penquins')).toBe(3) // one typo in a long name
    expect(match('Bored Ape Yaht Clubb')).toBe(1) // two in a longer one
  })

  it('leaves names that only share a word, or short names a letter apart', () => {
    expect(match('Bored Cats')).toBeNull()
    expect(match('Azure')).toBeNull()
    expect(match('Penguins of the North')).toBeNull()
    expect(match('')).toBeNull()
    expect(match('!!!')).toBeNull()
  })

  it('sees the verified name with words added around it, or filler words dropped', () => {
    for (const name of [
      'Harbour Lights Official',
      'Harbour Lights Local',
      'The Harbour Lights',
      'Official Harbour Lights NFT',
      'HarbourLightsOfficial',
      'Harbour Lights V2',
      'Harbour Lights 2024',
      'Harbour Lights Reborn',
      'Harbour Lihgts Genesis Club', // a typo as well
    ]) {
      expect(match(name), name).toBe(4)
    }
    expect(match('Azuki Official')).toBe(2)
    expect(match('The Azuki')).toBe(2)
    expect(match('Azuki V2')).toBe(2)
    expect(match('Pudgy Penguins NFT Collection')).toBe(3)
    expect(match('Mutant Bored Ape Yacht Club')).toBe(1)
    expect(match('Bored Ape Yacht')).toBe(1) // "Club" dropped
  })

  it('sees a one-word verified name of six letters or more among any other words', () => {
    for (const [name, id] of [
      ['Moonbirds Mint', 5],
      ['Moonbirds Garden', 5],
      ['Moon Birds Reveal', 5],
      ['Free Moonbird Pass', 5], // a typo as well
      ['Doodles Claim', 6],
      ['Mint Doodles', 6],
      ['The Doodles Airdrop Drop', 6],
      ['Doodles Studio', 6],
    ] as const) {
      expect(match(name), name).toBe(id)
    }
  })

  it('sees a shorter one-word verified name only among promotional words', () => {
    // "Azuki" has five letters: too short to flag every name that holds it.
    for (const name of ['Azuki Mint', 'Azuki Pass', 'Free Azuki Claim', 'Azuki Drop', 'Azuki Labs', 'Cats Reveal']) {
      expect(match(name), name).not.toBeNull()
    }
    expect(match('Azuki Mint')).toBe(2)
    expect(match('Cats Reveal')).toBe(7)
    for (const name of ['Azuki Garden', 'Cool Cats', 'Cats of Lisbon', 'Art Mint', 'Pixel Art', 'Free Art Pass']) {
      expect(match(name), name).toBeNull()
    }
  })

  it('leaves a name that shares one word of a verified name, reorders its words, or adds to a short one-word name', () => {
    for (const name of [
      'Harbour',
      'Lights',
      'Northern Lights',
      'Harbour Views',
      'Lights of the Harbour',
      'Harbour Lightship',
      'Azuki Garden',
      'Bored Ape Kennel Club',
      'The Official Collection',
      'Club NFT 2',
    ]) {
      expect(match(name), name).toBeNull()
    }
  })

  it('a skeleton keeps only what a reader sees', () => {
    expect(nameSkeleton('Cool Cats')).toBe(nameSkeleton('C00L  CATS'))
    expect(nameSkeleton('modern')).toBe(nameSkeleton('rnodern'))
  })
})
