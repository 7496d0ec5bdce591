/**
 * A video created on Vitrine gets a poster: the browser records a real MP4 (MediaRecorder over a
 * canvas, H.264 in Debian's Chromium), the Create form takes a frame of it as the poster, and the
 * item minted from it plays with that poster served through /_image, while a grid shows it as a
 * picture and never as a video. A video the browser cannot play asks for a picture instead.
 */
import type { Page } from 'playwright-core'
import { createPublicClient, erc721Abi, http, type Address } from 'viem'
import { anvil } from 'viem/chains'
import { describe, expect, inject, it } from 'vitest'
import { sharedBrowser, openPage } from '../support/browser'
import { visitorWithWallet } from '../support/test-wallet'
import { signInWithTestWallet, tradeOutcome } from '../support/trade-page'

const baseUrl = inject('baseUrl')
const anvilUrl = inject('anvilUrl')
const chain = createPublicClient({ chain: anvil, transport: http(anvilUrl) })
const browser = sharedBrowser()

/** The colour of every frame but a thin moving bar at the top: a poster's middle must be it. */
const FRAME_RGB = [230, 120, 30] as const

/** A 1.2 s, 160 × 120 MP4 recorded in the page, as the bytes a creator's file would hold. */
async function recordMp4(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async ([r, g, b]) => {
    const type = ['video/mp4;codecs=avc1.42E01E', 'video/mp4'].find((t) => MediaRecorder.isTypeSupported(t))
    if (!type) throw new Error('this Chromium records no MP4')
    const canvas = document.createElement('canvas')
    canvas.width = 160
    canvas.height = 120
    const context = canvas.getContext('2d')!
    let frame = 0
    const draw = () => {
      context.fillStyle = `rgb(${r} ${g} ${b})`
      context.fillRect(0, 0, 160, 120)
      context.fillStyle = 'white'
      context.fillRect((frame++ * 8) % 160, 0, 16, 8)
    }
    draw()
    const timer = setInterval(draw, 33)
    const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: type })
    const chunks: Blob[] = []
    recorder.ondataavailable = (event) => chunks.push(event.data)
    const stopped = new Promise((resolve) => (recorder.onstop = resolve))
    recorder.start()
    await new Promise((resolve) => setTimeout(resolve, 1200))
    recorder.stop()
    await stopped
    clearInterval(timer)
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()))
  }, FRAME_RGB)
  return Buffer.from(bytes)
}

/** The colour in the middle of a picture the page loads from `src`. */
const middleOf = (page: Page, src: string) =>
  page.evaluate(async (url) => {
    const image = new Image()
    image.src = url
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = image.naturalWidth
    canvas.height = image.naturalHeight
    const context = canvas.getContext('2d')!
    context.drawImage(image, 0, 0)
    return Array.from(context.getImageData(canvas.width >> 1, canvas.height >> 1, 1, 1).data.slice(0, 3))
  }, src)

const near = (rgb: number[]) => rgb.every((value, i) => Math.abs(value - FRAME_RGB[i]!) <= 24)

describe('a video created on Vitrine', () => {
  it('gets a frame of itself as its poster: the item page plays it with that poster, a grid shows a picture', async () => {
    const creator = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [9] })
    const { page } = creator
    await signInWithTestWallet(page)
    await openPage(page, '/create')
    const media = page.getByLabel('Image, video or animation')
    const poster = page.getByLabel('Poster', { exact: true })

    // A file that says MP4 but that no browser can play: the form asks for a picture instead.
    const header = [0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2avc1mp41')]
    await media.setInputFiles({
      name: 'broken.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.from([...header, ...new Uint8Array(512).fill(7)]),
    })
    await page.getByText('This browser cannot play this video, so no frame could be taken from it').waitFor()
    // No player that would spin forever.
    expect(await page.locator('video').count()).toBe(0)
    expect(await poster.getAttribute('aria-invalid')).toBe('true')
    await poster.setInputFiles({ name: 'drawing.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') })
    await page.getByText('drawing.svg is not a PNG, JPEG, GIF, WebP or AVIF picture.').waitFor()

    // A real MP4: its frame becomes the poster, shown on the preview.
    const mp4 = await recordMp4(page)
    expect(mp4.subarray(4, 8).toString()).toBe('ftyp')
    // Where the Name field is at each frame: the form may move once when the preview comes, never after.
    await page.evaluate(() => {
      const tops = new Set<number>()
      ;(window as unknown as { nameTops: Set<number> }).nameTops = tops
      const watch = () => {
        const name = document.querySelector('input[name="name"]')
        if (!name) return // the form is gone
        tops.add(Math.round(name.getBoundingClientRect().top))
        requestAnimationFrame(watch)
      }
      watch()
    })
    await media.setInputFiles({ name: 'ember.mp4', mimeType: 'video/mp4', buffer: mp4 })
    const preview = page.locator('video[aria-label="Preview of your video"][poster^="blob:"]')
    await preview.waitFor()
    expect(near(await middleOf(page, (await preview.getAttribute('poster'))!))).toBe(true)
    expect(await poster.evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe('ember-poster.webp')
    await page.getByAltText('Your poster as cards show it').waitFor()
    await page.getByRole('status').getByText('A frame of your video is the poster.').waitFor()
    expect(await page.evaluate(() => (window as unknown as { nameTops: Set<number> }).nameTops.size)).toBe(2)
    expect(await page.getByText('This browser cannot play this video').count()).toBe(0)

    await page.getByLabel('Name', { exact: true }).fill('Ember in Motion')
    await page.getByRole('button', { name: 'New collection' }).click()
    const modal = page.getByTestId('collection-modal')
    const collectionName = `Embers ${Date.now().toString(36)}`
    await modal.getByLabel('Name', { exact: true }).fill(collectionName)
    await modal.getByLabel('Symbol').fill('EMBER')
    await modal.getByRole('button', { name: 'Create collection' }).click()
    expect(await tradeOutcome(modal)).toMatchObject({ phase: 'done' })
    await modal.getByRole('button', { name: 'Done' }).click()
    const collection = page.getByRole('combobox', { name: 'Collection', exact: true })
    await collection.locator('option', { hasText: collectionName }).waitFor({ state: 'attached' })
    await collection.selectOption({ label: collectionName })
    // Minted on chain from the wallet: the browser builds the token URI the server checks.
    await page.getByLabel(/^Mint now/).check()
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    await page.waitForURL(/\/item\/\d+$/, { timeout: 45_000 })
    const nftId = Number(page.url().split('/').pop())

    const { data: nft } = (await (await fetch(`${baseUrl}/api/v1/nfts/${nftId}`)).json()) as {
      data: { image: string; animationUrl: string; contract: Address; tokenId: string; collection: { slug: string } }
    }
    expect(nft.image).toMatch(/^\/api\/media\/[0-9a-f]{64}\.webp$/)
    expect(nft.animationUrl).toMatch(/^\/api\/media\/[0-9a-f]{64}\.mp4$/)
    const uri = await chain.readContract({
      address: nft.contract,
      abi: erc721Abi,
      functionName: 'tokenURI',
      args: [BigInt(nft.tokenId)],
    })
    expect(await (await fetch(uri)).json()).toMatchObject({
      image: `${baseUrl}${nft.image}`,
      animation_url: `${baseUrl}${nft.animationUrl}`,
    })

    const motion = page.getByTestId('nft-motion')
    expect(await motion.getAttribute('src')).toBe(nft.animationUrl)
    const posterUrl = (await motion.getAttribute('poster'))!
    expect(posterUrl.startsWith(`/_image?url=${encodeURIComponent(nft.image)}&`)).toBe(true)
    expect(near(await middleOf(page, posterUrl))).toBe(true)
    // The poster is the page's largest paint: fetched with the HTML, first.
    const preload = page.locator('link[rel="preload"][as="image"][fetchpriority="high"]')
    expect(await preload.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toContain(posterUrl)
    // The 4:3 video in the square box is shown whole, not cropped.
    expect(await motion.evaluate((video) => getComputedStyle(video).objectFit)).toBe('contain')

    await openPage(page, `/collection/${nft.collection.slug}`)
    const card = page.locator(`a[href="/item/${nftId}"] img`).first()
    await card.waitFor()
    expect(await card.getAttribute('src')).toContain(encodeURIComponent(nft.image))
    expect(await page.locator('video').count()).toBe(0)

    expect(creator.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])
    await creator.close()
  })
})
