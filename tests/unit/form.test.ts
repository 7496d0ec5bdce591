/**
 * The form helper with the procedures' own schemas: issues land on their fields, blank optional
 * fields are no input, text becomes numbers and exact wei, and a server's refusal finds its field.
 */
import { TRPCClientError } from '@trpc/client'
import { describe, expect, it } from 'vitest'
import { checkForm, serverErrors } from '../../app/lib/form'
import { newCollectionForm } from '../../server/inputs/collections'
import { createItemForm, mediaFileSchema, posterFileSchema } from '../../server/inputs/create'
import { profileInput } from '../../server/inputs/profile'
import { contactInput, newsletterInput } from '../../server/inputs/site'
import { bidForm, ethPriceSchema, listingForm } from '../../server/inputs/trading'

const WALLET = `0x${'ab'.repeat(20)}`
const png = (bytes = 8, name = 'art.png', type = 'image/png') => new File([new Uint8Array(bytes)], name, { type })

describe('checkForm', () => {
  it('names each field at fault with the schema message, the first issue of each', () => {
    const checked = checkForm(contactInput, { name: 'A', email: 'not-an-email', subject: 'Hi there', message: 'short' })
    expect(checked).toEqual({
      ok: false,
      errors: {
        name: 'must be at least 2 characters',
        email: 'must be a valid email address',
        message: 'must be at least 10 characters',
      },
    })
  })

  it('answers the parsed value the procedure takes: trimmed, lowercased, defaults filled', () => {
    expect(checkForm(newsletterInput, { email: '  Ada@Example.COM ' })).toEqual({
      ok: true,
      value: { email: 'ada@example.com', topic: 'news' },
    })
  })

  it('a blank required field "is required"; blank optional fields are simply not given', () => {
    expect(
      checkForm(contactInput, { name: '   ', email: 'a@b.co', subject: 'Hello', message: 'A long enough message' }),
    ).toEqual({ ok: false, errors: { name: 'is required' } })
    const profile = checkForm(profileInput, {
      walletAddress: WALLET,
      userName: 'ada',
      bio: '',
      website: ' ',
      twitter: '',
      instagram: 'https://instagram.com/ada',
    })
    expect(profile).toEqual({
      ok: true,
      value: { walletAddress: WALLET, userName: 'ada', instagram: 'https://instagram.com/ada' },
    })
    const item = checkForm(createItemForm(false), {
      media: png(),
      name: 'Dune',
      externalUrl: '',
      description: '',
      collection: 'shoreline',
      freeze: false,
    })
    expect(item).toEqual({
      ok: true,
      value: { media: expect.any(File), name: 'Dune', description: '', collection: 'shoreline', freeze: false },
    })
  })

  it('cleans typed text of invisible characters before measuring it, as the procedure does', () => {
    const message = 'Hello\u202E there,\u200B\r\n\r\n\r\nabout a \u2066kiln\u2069.'
    expect(
      checkForm(contactInput, {
        name: '\u200B\u202EA\u2066',
        email: 'a@b.co',
        subject: 'Glazes\tand\u0085ash',
        message,
      }),
    ).toEqual({ ok: false, errors: { name: 'must be at least 2 characters' } })
    expect(
      checkForm(contactInput, { name: 'Ann\u202E', email: 'a@b.co', subject: 'Glazes\tand\u0085ash', message }),
    ).toMatchObject({
      ok: true,
      value: { name: 'Ann', subject: 'Glazes and ash', message: 'Hello there,\n\nabout a kiln.' },
    })
    expect(
      checkForm(newCollectionForm, { name: 'Shore\u202Eline', symbol: 'S', category: 'art', earnings: '0' }),
    ).toMatchObject({ ok: true, value: { name: 'Shoreline' } })
    expect(checkForm(newCollectionForm, { name: '\u200B', symbol: 'S', category: 'art', earnings: '0' })).toEqual({
      ok: false,
      errors: { name: 'must not be empty' },
    })
    // Hangul fillers and the blank Braille cell are letters, but show nothing.
    const blank = '\u3164\u115f\u1160\uffa0\u2800'
    expect(checkForm(newCollectionForm, { name: blank, symbol: 'S', category: 'art', earnings: '0' })).toEqual({
      ok: false,
      errors: { name: 'must not be empty' },
    })
  })

  it('coerces numbers and prices from text', () => {
    const collection = checkForm(newCollectionForm, {
      name: 'Shoreline',
      symbol: 'shore',
      description: '',
      category: 'art',
      earnings: '2.5',
    })
    expect(collection).toEqual({
      ok: true,
      value: { name: 'Shoreline', symbol: 'SHORE', description: '', category: 'art', earnings: 250 },
    })
    expect(checkForm(listingForm(5n), { price: '0.42', days: '7', quantity: '3' })).toEqual({
      ok: true,
      value: { price: 420_000_000_000_000_000n, days: 7, quantity: 3n },
    })
    expect(checkForm(listingForm(), { price: '1', days: '30' })).toEqual({
      ok: true,
      value: { price: 10n ** 18n, days: 30 },
    })
    expect(checkForm(listingForm(5n), { price: '1', days: '2', quantity: '6' })).toEqual({
      ok: false,
      errors: { days: 'must be one of the durations offered', quantity: 'must be at most 5, the number you hold' },
    })
    expect(
      checkForm(newCollectionForm, { name: 'x', symbol: 'TOO-LONG-SYMBOL', category: 'art', earnings: '11' }),
    ).toMatchObject({
      ok: false,
      errors: { symbol: 'must be 1 to 11 letters or digits', earnings: 'must be at most 10%' },
    })
  })

  it('the Create form asks a price for a lazy mint only, and a file', () => {
    const fields = { name: 'Dune', collection: 'shoreline', freeze: true }
    expect(checkForm(createItemForm(true), { ...fields, media: png(), price: '' })).toEqual({
      ok: false,
      errors: { price: 'Enter an amount in ETH.' },
    })
    expect(checkForm(createItemForm(true), { ...fields, media: png(), price: '0.2' })).toMatchObject({
      ok: true,
      value: { price: 200_000_000_000_000_000n },
    })
    expect(checkForm(createItemForm(false), { ...fields, collection: '' })).toEqual({
      ok: false,
      errors: {
        media: 'Choose the image, video or animation to publish.',
        collection: 'Pick one of your collections, or create one.',
      },
    })
    expect(checkForm(createItemForm(false), { ...fields, media: png(), externalUrl: 'javascript:alert(1)' })).toEqual({
      ok: false,
      errors: { externalUrl: 'must be a web address starting with https:// or http://' },
    })
  })
})

describe('the media file', () => {
  it('is an image or video of the offered types, within the size the upload takes', () => {
    expect(mediaFileSchema.safeParse(png()).success).toBe(true)
    expect(mediaFileSchema.safeParse(png(8, 'notes.txt', 'text/plain')).error?.issues[0]?.message).toBe(
      'notes.txt is not a PNG, JPEG, GIF, WebP, AVIF or MP4 file.',
    )
    expect(mediaFileSchema.safeParse(png(32 * 1024 * 1024 + 1, 'huge.png')).error?.issues[0]?.message).toBe(
      'huge.png is larger than 32 MB.',
    )
  })
})

describe("a video's poster", () => {
  const fields = { name: 'Tide', collection: 'shoreline', freeze: true }
  const mp4 = png(8, 'tide.mp4', 'video/mp4')

  it('is asked for an MP4 (named beside it even while other fields are wrong), and taken along', () => {
    expect(checkForm(createItemForm(false), { ...fields, media: mp4 })).toEqual({
      ok: false,
      errors: { poster: 'Choose a picture to show until the video plays.' },
    })
    expect(checkForm(createItemForm(false), { ...fields, name: '', media: mp4 })).toEqual({
      ok: false,
      errors: { name: 'is required', poster: 'Choose a picture to show until the video plays.' },
    })
    const poster = png(8, 'tide-poster.webp', 'image/webp')
    expect(checkForm(createItemForm(false), { ...fields, media: mp4, poster })).toMatchObject({
      ok: true,
      value: { media: mp4, poster },
    })
    expect(checkForm(createItemForm(false), { ...fields, media: png() })).toMatchObject({ ok: true })
  })

  it('is a raster picture within the upload size: no SVG, no text, nothing empty', () => {
    expect(posterFileSchema.safeParse(png(8, 'frame.avif', 'image/avif')).success).toBe(true)
    for (const [name, type] of [
      ['drawing.svg', 'image/svg+xml'],
      ['notes.txt', 'text/plain'],
      ['clip.mp4', 'video/mp4'],
    ]) {
      expect(posterFileSchema.safeParse(png(8, name, type)).error?.issues[0]?.message).toBe(
        `${name} is not a PNG, JPEG, GIF, WebP or AVIF picture.`,
      )
    }
    expect(posterFileSchema.safeParse(png(0, 'empty.png')).success).toBe(false)
    expect(posterFileSchema.safeParse(png(32 * 1024 * 1024 + 1, 'huge.png')).error?.issues[0]?.message).toBe(
      'huge.png is larger than 32 MB.',
    )
  })
})

describe('ETH amounts', () => {
  it('turn text into exact wei', () => {
    expect(ethPriceSchema().parse('0.05')).toBe(50_000_000_000_000_000n)
    expect(ethPriceSchema().parse(' 1.000000000000000001 ')).toBe(1_000_000_000_000_000_001n)
    expect(ethPriceSchema().parse('.5')).toBe(500_000_000_000_000_000n)
  })

  it.each([
    ['abc', 'Use digits and one decimal point, like 0.05.'],
    ['-1', 'Use digits and one decimal point, like 0.05.'],
    ['.', 'Use digits and one decimal point, like 0.05.'],
    ['0', 'The bid must be more than 0 ETH.'],
    ['0.0000000000000000001', 'ETH has at most 18 decimals.'],
  ])('refuse %j: %s', (text, message) => {
    expect(checkForm(bidForm(), { amount: text, terms: true })).toEqual({ ok: false, errors: { amount: message } })
  })

  it('a bid meets an auction’s reserve, beats its highest bid, and comes with the Terms ticked', () => {
    const auction = { reserveWei: 10n ** 17n, highestBidWei: 2n * 10n ** 17n }
    expect(checkForm(bidForm(auction), { amount: '0.05', terms: false })).toEqual({
      ok: false,
      errors: {
        amount: 'The reserve price is 0.1 ETH: bid at least that.',
        terms: 'Please accept the Terms of Service to bid.',
      },
    })
    expect(checkForm(bidForm(auction), { amount: '0.2', terms: true })).toEqual({
      ok: false,
      errors: { amount: 'Bid more than the highest bid, 0.2 WETH.' },
    })
    expect(checkForm(bidForm(auction), { amount: '0.25', terms: true })).toEqual({
      ok: true,
      value: { amount: 250_000_000_000_000_000n, terms: true },
    })
  })
})

describe('serverErrors', () => {
  const refusal = (message: string, zodIssues: { path: (string | number)[]; message: string }[] | null = null) =>
    TRPCClientError.from({
      error: { code: -32600, message, data: { code: 'BAD_REQUEST', httpStatus: 400, zodIssues } },
    })

  it('puts zod issues on their fields, through the form’s names for the server’s paths', () => {
    const error = refusal('bad input', [
      { path: ['order', 'offer', 0, 'startAmount'], message: 'must be at most 2^256 − 1 (a uint256)' },
      { path: ['email'], message: 'must be a valid email address' },
    ])
    expect(serverErrors(error, { 'order.offer': 'amount' })).toEqual({
      amount: 'must be at most 2^256 − 1 (a uint256)',
      email: 'must be a valid email address',
    })
  })

  it('reads a domain refusal written "field: reason"', () => {
    expect(serverErrors(refusal('userName: "alice" is taken by another wallet'))).toEqual({
      userName: '"alice" is taken by another wallet',
    })
    expect(
      serverErrors(refusal('order.offer: the bid is below the reserve price of 0.1 ETH'), { 'order.offer': 'amount' }),
    ).toEqual({ amount: 'the bid is below the reserve price of 0.1 ETH' })
  })

  it('finds no field in a sentence, or in an error that is not the server’s', () => {
    expect(serverErrors(refusal('Sign in with your wallet first.'))).toEqual({})
    expect(serverErrors(new Error('email: not from the server'))).toEqual({})
  })
})
