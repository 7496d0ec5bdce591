import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { sharedBrowser, waitForHydration, watchErrors } from '../support/browser'
import { MOVED_ROUTES } from '../support/routes'

const baseUrl = inject('baseUrl')
const browser = sharedBrowser()

async function open(path: string, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } })
  await page.goto(baseUrl + path)
  await waitForHydration(page)
  return page
}
const header = (page: Page) => page.locator('header[data-variant]')

describe('header', () => {
  it.each([
    ['/', 'default'],
    ['/home/home_3', 'transparent'],
    ['/home/home_9', 'transparent'],
    ['/home/home_12', 'transparent'],
    ['/maintenance', 'transparent'],
    ['/platform_status', 'status'],
    ['/home/home_8', 'game'],
    ['/rankings', 'default'],
  ])('%s uses the %s variant', async (path, variant) => {
    const page = await open(path)
    expect(await header(page).getAttribute('data-variant')).toBe(variant)
    if (variant === 'status') {
      expect(await header(page).getByText('Status', { exact: true }).isVisible()).toBe(true)
      expect(await header(page).getByRole('link', { name: 'Subscribe to Updates' }).isVisible()).toBe(true)
    }
    await page.close()
  })

  it('becomes sticky after 4px of scroll, and not before', async () => {
    const page = await open('/')
    await page.evaluate(() => window.scrollTo(0, 4))
    await page.waitForTimeout(50)
    expect(await header(page).getAttribute('data-sticky')).toBe('false')
    await page.evaluate(() => window.scrollTo(0, 5))
    await page.waitForFunction(() => document.querySelector('header')?.dataset.sticky === 'true')
    await page.close()
  })

  it('shows the logo at 130×28 and highlights the active group and item', async () => {
    const page = await open('/rankings')
    const box = await header(page).getByRole('img', { name: 'Vitrine' }).boundingBox()
    expect([box?.width, box?.height]).toEqual([130, 28])
    expect(await page.locator('#nav-pages').getAttribute('data-active')).toBe('true')
    expect(await page.locator('#nav-home').getAttribute('data-active')).toBe('false')
    await page.locator('#nav-pages').click()
    const current = page.locator('#nav-pages-menu a[aria-current="page"]')
    expect(await current.textContent()).toBe('Rankings')
    await page.keyboard.press('Escape')
    expect(await page.locator('#nav-pages-menu').isHidden()).toBe(true)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('nav-pages')
    await page.close()
  })

  it('flags the new home pages and lays Explore out in 5 rows, reachable by keyboard', async () => {
    const page = await open('/about')
    await page.locator('#nav-home').focus()
    await page.keyboard.press('Enter')
    const menu = page.locator('#nav-home-menu')
    expect(await menu.isVisible()).toBe(true)
    expect(await menu.getByText('new').count()).toBe(6)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Home 1')
    await page.close()
  })

  it('search submits to /search?q=…', async () => {
    const page = await open('/')
    // The dev world's collections (npm run dev): Vitrine's own and those it imported.
    await page.locator('#header-search').fill('glazes')
    await page.locator('#header-search').press('Enter')
    await page.waitForURL(/\/search\?q=glazes/)
    await page.getByRole('heading', { name: 'Results for “glazes”' }).waitFor()
    expect(await page.getByRole('link', { name: 'Kiln Glazes' }).count()).toBeGreaterThan(0)
    await page.close()
  })

  it('search with two letters shows the collections whose names start with them, and no items', async () => {
    const page = await open('/search?q=ni')
    await page.getByRole('heading', { name: 'Results for “ni”' }).waitFor()
    await page.getByRole('heading', { name: 'Collections' }).waitFor()
    // The result list under its heading (the header's menu links to collections too).
    const names = await page.locator('h2:text-is("Collections") + ul a span').allTextContents()
    expect(names).toContain('Night Market Tickets')
    expect(names.every((name) => name.toLowerCase().startsWith('ni'))).toBe(true)
    expect(await page.getByRole('heading', { name: 'Items' }).count()).toBe(0)
    await page.goto(page.url().replace(/\?q=ni$/, '?q=zq'))
    await page.getByText('Nothing matches “zq”').waitFor()
    await page.close()
  })

  it('search takes a query that matches nothing for a typo', async () => {
    const page = await open('/search?q=glazs')
    await page.getByRole('heading', { name: 'Results for “glazs”' }).waitFor()
    expect(await page.getByRole('link', { name: 'Kiln Glazes' }).count()).toBeGreaterThan(0)
    await page.close()
  })
})

describe('mobile menu', () => {
  it('opens full screen, keeps one group open at a time, and closes on a link', async () => {
    const page = await open('/', 375)
    await page.getByTestId('mobile-menu-toggle').click()
    const menu = page.locator('#mobile-menu')
    await menu.waitFor() // loaded on first open
    expect(await menu.isVisible()).toBe(true)
    const box = await menu.boundingBox()
    expect([box?.width, box?.height]).toEqual([375, 900])
    expect(await menu.locator('input[placeholder="Search"]').count()).toBe(1)
    const home = menu.getByRole('button', { name: 'Home' })
    const pages = menu.getByRole('button', { name: 'Pages' })
    await home.click()
    expect(await home.getAttribute('aria-expanded')).toBe('true')
    await pages.click()
    expect(await home.getAttribute('aria-expanded')).toBe('false')
    expect(await pages.getAttribute('aria-expanded')).toBe('true')
    await pages.click()
    expect(await pages.getAttribute('aria-expanded')).toBe('false')
    await pages.click()
    await menu.getByRole('link', { name: 'Activity' }).click()
    await page.waitForURL(/\/activity$/)
    expect(await menu.count()).toBe(0)
    await page.close()
  })

  it('closes when the window grows to 1024px', async () => {
    const page = await open('/', 375)
    await page.getByTestId('mobile-menu-toggle').click()
    await page.locator('#mobile-menu').waitFor()
    await page.setViewportSize({ width: 1023, height: 900 })
    expect(await page.locator('#mobile-menu').count()).toBe(1)
    await page.setViewportSize({ width: 1024, height: 900 })
    await page.waitForFunction(() => !document.querySelector('#mobile-menu'))
    await page.close()
  })
})

describe('explore', () => {
  it('sort and filter change the grid and the URL, and survive a reload', async () => {
    const page = await open('/collection/explore_collection')
    const errors = watchErrors(page)
    const firstName = () => page.locator('[data-testid="nft-grid"] h3').first().textContent()
    const before = await firstName()
    await page.getByTestId('sort').selectOption('price-desc')
    await page.waitForURL(/sort=price-desc/)
    await page.waitForFunction(
      (name) => document.querySelector('[data-testid="nft-grid"] h3')?.textContent !== name,
      before,
    )
    await page.getByTestId('filter').selectOption('verified')
    await page.waitForURL(/filter=verified/)
    await page.getByRole('button', { name: 'Art', exact: true }).click()
    await page.waitForURL(/category=art/)
    // What the API answers for the same choices is what the grid must show, before and after a reload.
    const expected = (await (
      await fetch(`${baseUrl}/api/v1/nfts?sort=price-desc&filter=verified&category=art&limit=1`)
    ).json()) as { data: { name: string }[] }
    const after = expected.data[0]!.name
    await page.waitForFunction(
      (name) => document.querySelector('[data-testid="nft-grid"] h3')?.textContent === name,
      after,
    )
    await page.reload()
    await waitForHydration(page)
    expect(await page.getByTestId('sort').inputValue()).toBe('price-desc')
    expect(await page.getByTestId('filter').inputValue()).toBe('verified')
    expect(await firstName()).toBe(after)
    expect(errors).toEqual([])
    await page.close()
  })

  it('loads more items when scrolled to the end', async () => {
    const page = await open('/collection/explore_collection')
    const cards = page.locator('[data-testid="nft-grid"] > li')
    expect(await cards.count()).toBe(24)
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded()
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="nft-grid"] > li').length > 24)
    await page.close()
  })
})

describe('modals', () => {
  it('place bid: default 0.05, validates, Esc closes and focus returns', async () => {
    const page = await open('/item/item_20')
    const opener = page.getByRole('button', { name: 'Place bid' })
    await opener.click()
    const modal = page.getByTestId('bid-modal')
    await modal.waitFor() // the trade dialogs' code loads when a trade starts
    expect(await modal.isVisible()).toBe(true)
    const amount = modal.getByLabel('Amount (WETH)')
    expect(await amount.inputValue()).toBe('0.05')
    await amount.fill('0')
    expect(await modal.getByText('The bid must be more than 0 ETH.').isVisible()).toBe(true)
    await amount.fill('0.1234567890123456789')
    expect(await modal.getByText('ETH has at most 18 decimals.').isVisible()).toBe(true)
    await amount.fill('0.5')
    await modal.getByRole('button', { name: 'Place Bid' }).click()
    expect(await modal.getByText('Please accept the Terms of Service to bid.').isVisible()).toBe(true)
    await modal.getByRole('checkbox').check()
    await modal.getByRole('button', { name: 'Place Bid' }).click()
    expect(await modal.getByTestId('trade-status').textContent()).toContain('No wallet is connected')
    // Focus stays inside while open (the page behind is inert).
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab')
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true)
    await page.keyboard.press('Escape')
    expect(await modal.isVisible()).toBe(false)
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.close()
  })

  it('checkout needs the terms ticked and closes on the backdrop', async () => {
    // An item with a fixed-price listing (a signed order, on the local chain) of one of Vitrine's
    // own (verified) collections, which set creator earnings; imported ones may not.
    const response = await fetch(`${baseUrl}/api/v1/nfts?chain=31337&status=buy-now&filter=verified&limit=1`)
    const { data } = (await response.json()) as { data: { id: number; price: { eth: string } }[] }
    const page = await open(`/item/${data[0]!.id}`)
    await page.getByRole('button', { name: 'Buy now' }).click()
    const modal = page.getByTestId('checkout-modal')
    await modal.waitFor() // the trade dialogs' code loads when a trade starts
    expect(await modal.getByText(/Creator earnings \(\d+(\.\d+)?%\)/).isVisible()).toBe(true)
    expect(await modal.getByText('Platform fee (1%)').isVisible()).toBe(true)
    expect(await modal.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms')
    const confirm = modal.getByRole('button', { name: 'Confirm Checkout' })
    await confirm.click()
    expect(await modal.getByText('Please accept the Terms of Service to buy.').isVisible()).toBe(true)
    await modal.getByRole('checkbox').check()
    await confirm.click()
    expect(await modal.getByTestId('trade-status').textContent()).toContain('No wallet is connected')
    await page.mouse.click(5, 5) // the backdrop
    expect(await modal.isVisible()).toBe(false)
    await page.close()
  })

  it('the wallet-missing modal on /login names MetaMask and links to it', async () => {
    const page = await open('/login')
    expect(await page.locator('header').count()).toBe(0) // no shared layout
    await page.getByRole('button', { name: 'unavailable' }).click()
    const modal = page.getByTestId('wallet-modal')
    expect(await modal.textContent()).toContain("You don't have MetaMask in your browser, please download it")
    expect(await modal.getByRole('link', { name: 'Get Metamask' }).isVisible()).toBe(true)
    await modal.getByRole('button', { name: 'Close' }).click()
    expect(await modal.isVisible()).toBe(false)
    await page.close()
  })
})

describe('forms', () => {
  it('contact: a bad email is named next to its field, a good message is stored', async () => {
    const page = await open('/contact')
    await page.getByLabel('Name').fill('Ada')
    await page.getByLabel('Email').fill('not-an-email')
    await page.getByLabel('Subject').fill('Listing question')
    await page.getByLabel('Message').fill('How do I cancel a listing on chain?')
    await page.getByRole('button', { name: 'Send message' }).click()
    await page.getByText('Email: must be a valid email address').waitFor()
    await page.getByLabel('Email').fill('ada@example.com')
    await page.getByRole('button', { name: 'Send message' }).click()
    await page.getByRole('status').filter({ hasText: 'Thanks' }).waitFor()
    await page.close()
  })

  /** Records the tRPC calls a page makes to `procedure`, to prove a refused form sent nothing. */
  function watchCalls(page: Page, procedure: string) {
    const calls: string[] = []
    page.on('request', (request) => {
      if (request.url().includes(`/api/trpc/${procedure}`)) calls.push(request.url())
    })
    return calls
  }

  it('contact: blank and bad fields are named beside themselves, the first takes the focus, nothing is sent', async () => {
    const page = await open('/contact')
    const sent = watchCalls(page, 'site.contact')
    await page.getByLabel('Email').fill('ada@')
    await page.getByLabel('Message').fill('Too short')
    await page.getByRole('button', { name: 'Send message' }).click()
    const name = page.getByLabel('Name')
    await page.getByText('Name: is required').waitFor()
    expect(await page.getByText('Email: must be a valid email address').isVisible()).toBe(true)
    expect(await page.getByText('Subject: is required').isVisible()).toBe(true)
    expect(await page.getByText('Message: must be at least 10 characters').isVisible()).toBe(true)
    // Each message is tied to its field, and the first field at fault has the focus.
    expect(await name.getAttribute('aria-invalid')).toBe('true')
    const describedBy = await name.getAttribute('aria-describedby')
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Name: is required')
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true)
    // Typing in a field clears its own message only.
    await name.fill('Ada')
    expect(await page.getByText('Name: is required').count()).toBe(0)
    expect(await page.getByText('Subject: is required').isVisible()).toBe(true)
    expect(sent).toEqual([])
    await page.close()
  })

  it('newsletter: a bad email is refused beside its field before anything is sent', async () => {
    const page = await open('/newsletter')
    const sent = watchCalls(page, 'site.subscribe')
    await page.getByLabel('Email').fill('collector at example.com')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await page.getByText('Email: must be a valid email address').waitFor()
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true')
    expect(sent).toEqual([])
    await page.close()
  })

  it('newsletter: subscribing twice is harmless', async () => {
    const page = await open('/newsletter')
    for (const expected of ['You are subscribed', 'already subscribed']) {
      await page.getByLabel('Email').fill('collector@example.com')
      await page.getByRole('button', { name: 'Subscribe' }).click()
      await page.getByRole('status').getByText(expected, { exact: false }).waitFor()
    }
    await page.close()
  })
})

describe('status codes', () => {
  it.each([
    '/no-such-page',
    '/404',
    '/item/99999999',
    '/collection/no-such-collection',
    '/home/home_99',
    '/user/0x0000000000000000000000000000000000000001',
  ])('%s is a 404 page', async (path) => {
    const page = await browser.newPage()
    const response = await page.goto(baseUrl + path)
    expect(response?.status()).toBe(404)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found')
    await page.close()
  })

  it.each(MOVED_ROUTES)('%s answers a permanent redirect to %s, query kept', async (from, to) => {
    const response = await fetch(`${baseUrl}${from}?sort=price-asc&q=two%20words`, { redirect: 'manual' })
    expect([301, 308]).toContain(response.status)
    const location = new URL(response.headers.get('location')!, baseUrl)
    expect(location.pathname).toBe(to)
    expect(Object.fromEntries(location.searchParams)).toEqual({ sort: 'price-asc', q: 'two words' })
    // In the browser too, the old path ends on the new page, whose canonical URL is the new path.
    const page = await browser.newPage()
    expect((await page.goto(baseUrl + from))?.status()).toBe(200)
    expect(new URL(page.url()).pathname).toBe(to)
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(baseUrl + to)
    await page.close()
  })
})

describe('links', () => {
  it('every header and footer link resolves to a working page', async () => {
    const page = await open('/')
    const hrefs = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>('header a[href^="/"], footer a[href^="/"]')].map((a) =>
        a.getAttribute('href')!,
      ),
    )
    await page.locator('#nav-home').click() // menus render their links once opened
    const menuHrefs = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>('nav[aria-label="Main"] a[href^="/"]')].map((a) =>
        a.getAttribute('href')!,
      ),
    )
    const all = [...new Set([...hrefs, ...menuHrefs])]
    expect(all.length).toBeGreaterThan(20)
    for (const href of all) {
      const response = await fetch(baseUrl + href)
      expect(response.status, href).toBe(href === '/404' ? 404 : 200)
    }
    await page.close()
  })
})
