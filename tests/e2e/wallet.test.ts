import type { Page } from 'playwright-core'
import { createPublicClient, http } from 'viem'
import { anvil } from 'viem/chains'
import { describe, expect, inject, it } from 'vitest'
import { sharedBrowser, openPage, watchErrors } from '../support/browser'
import { installTestWallet, type TestWalletOptions } from '../support/test-wallet'

const baseUrl = inject('baseUrl')
const anvilUrl = inject('anvilUrl')
const browser = sharedBrowser()

async function withWallet(options: Partial<TestWalletOptions> = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const errors = watchErrors(page)
  const wallet = await installTestWallet(page, { rpcUrl: anvilUrl, ...options })
  return { page, wallet, errors, close: () => context.close() }
}

const session = (page: Page) =>
  page.evaluate(() => fetch('/api/auth/session').then((r) => r.json() as Promise<{ user?: { name?: string } } | null>))

async function signIn(page: Page, walletName = 'Test Wallet') {
  await openPage(page, '/login')
  await page.getByRole('button', { name: `Sign in with ${walletName}` }).click()
  await page.waitForURL(/\/user\/0x/)
}

async function openAccountMenu(page: Page) {
  await page.getByTestId('account-button').click()
  return page.getByTestId('account-menu')
}

describe('without a wallet', () => {
  it('the header offers the wallet-missing modal with the exact texts', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await openPage(page, '/')
    const control = page.getByTestId('wallet-control')
    await page.getByRole('button', { name: 'No wallet found: how to get one' }).waitFor()
    await control.click()
    const modal = page.getByTestId('wallet-modal')
    expect(await modal.textContent()).toContain("You don't have MetaMask in your browser, please download it")
    expect(await modal.getByRole('link', { name: 'Get Metamask' }).getAttribute('href')).toContain('metamask.io')
    await page.keyboard.press('Escape')
    const menu = await openAccountMenu(page)
    expect(await menu.getByTestId('account-address').textContent()).toBe('Not connected')
    expect(await menu.getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe('/login')
    await context.close()
  })

  it('the account menu works from the keyboard', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await openPage(page, '/')
    await page.getByTestId('account-button').focus()
    await page.keyboard.press('Enter')
    const menu = page.getByTestId('account-menu')
    await menu.waitFor()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('My Profile')
    await page.keyboard.press('Escape')
    expect(await menu.count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('account-button')
    await context.close()
  })

  it('the mobile menu says MetaMask is not available', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } })
    const page = await context.newPage()
    await openPage(page, '/')
    await page.getByTestId('mobile-menu-toggle').click()
    await page.getByText('MetaMask not available :').waitFor()
    await context.close()
  })

  it('the login page button reads unavailable and explains why', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await openPage(page, '/login')
    await page.getByRole('button', { name: 'unavailable' }).click()
    expect(await page.getByTestId('wallet-modal').isVisible()).toBe(true)
    await context.close()
  })
})

describe('with a wallet', () => {
  it('connects, signs in, sees its profile, edits it and signs out', async () => {
    const { page, wallet, errors, close } = await withWallet()
    await signIn(page)
    const address = wallet.address()
    expect(page.url()).toBe(`${baseUrl}/user/${address}`)
    expect((await session(page))?.user?.name).toBe(address)
    expect(wallet.state.requests).toContain('personal_sign')

    const menu = await openAccountMenu(page)
    expect(await menu.getByTestId('account-address').textContent()).toBe(
      `${address.slice(0, 10)}...${address.slice(34, 42)}`,
    )
    // The account's balance on the chain, cut to 4 decimals (other tests' deployments spend from it).
    const wei = await createPublicClient({ chain: anvil, transport: http(anvilUrl) }).getBalance({ address })
    const fraction = ((wei % 10n ** 18n) / 10n ** 14n).toString().padStart(4, '0')
    await menu.getByText(`${wei / 10n ** 18n}.${fraction} ETH`).waitFor()
    await menu.getByRole('link', { name: 'Edit Profile' }).click()
    await page.waitForURL(`${baseUrl}/profile/${address}`)
    await page.getByLabel('Username').fill('ada_lovelace')
    await page.getByLabel('Bio').fill('Collects generative art.')
    await page.getByRole('button', { name: 'Update profile' }).click()
    await page.getByText('Profile saved.').waitFor()
    await openPage(page, `/user/${address}`)
    await page.getByRole('heading', { name: 'ada_lovelace' }).waitFor()

    await (await openAccountMenu(page)).getByRole('button', { name: 'Sign out' }).click()
    await page.getByTestId('wallet-control').waitFor()
    expect(await session(page)).toBeNull()
    expect(await page.getByTestId('wallet-control').textContent()).toContain('Connect wallet')
    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])
    await close()
  })

  it('a returning visitor sees the connection in the server-rendered page', async () => {
    const { page, wallet, close } = await withWallet()
    await signIn(page)
    const response = await page.request.get(`${baseUrl}/`)
    const html = await response.text()
    expect(html).toContain(`Account ${wallet.address()}`)
    await close()
  })

  it('a rejected signature leaves the visitor signed out with a message', async () => {
    const { page, wallet, close } = await withWallet()
    await openPage(page, '/login')
    wallet.rejectNext('personal_sign') // connecting is accepted, the signature refused
    await page.getByRole('button', { name: 'Sign in with Test Wallet' }).click()
    await page.getByTestId('wallet-notice').waitFor()
    expect(await page.getByTestId('wallet-notice').textContent()).toContain('You rejected the request in your wallet.')
    expect(await session(page)).toBeNull()
    expect(page.url()).toContain('/login')
    await close()
  })

  it('a wallet on a retired testnet is told so and switches', async () => {
    const { page, wallet, close } = await withWallet({ chainId: 5, knownChains: [5, 31337] })
    await openPage(page, '/')
    await page.getByTestId('wallet-control').click()
    const menu = await openAccountMenu(page)
    await menu.getByText('Unsupported network (Goerli)').waitFor()
    await menu.getByRole('button', { name: 'Switch to Anvil' }).click()
    await menu.getByTestId('network-select').waitFor()
    expect(wallet.state.chainId).toBe(31337)
    await close()
  })

  it('switches to a network the wallet does not know by adding it first (4902)', async () => {
    const { page, wallet, close } = await withWallet()
    await signIn(page)
    const menu = await openAccountMenu(page)
    await menu.getByTestId('network-select').selectOption(String(11155111))
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="network-select"]') as HTMLSelectElement | null)?.value === '11155111',
    )
    expect(wallet.state.chainId).toBe(11155111)
    expect(wallet.state.added.map((c) => Number(c.chainId))).toEqual([11155111])
    expect(wallet.state.added[0]?.rpcUrls.length).toBeGreaterThan(0)
    await close()
  })

  it('ends the session when the wallet switches to another account', async () => {
    const { page, wallet, close } = await withWallet()
    await signIn(page)
    const first = wallet.address()
    await wallet.switchAccount(1)
    await page.getByTestId('wallet-notice').waitFor()
    expect(await page.getByTestId('wallet-notice').textContent()).toContain('switched to another account')
    expect(await session(page)).toBeNull()
    const menu = await openAccountMenu(page)
    expect(await menu.getByTestId('account-address').textContent()).not.toContain(first.slice(0, 10))
    expect(await menu.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true)
    await close()
  })

  it('lets the visitor pick among several wallets', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await installTestWallet(page, { rpcUrl: anvilUrl, name: 'First Wallet', rdns: 'dev.vitrine.first' })
    const second = await installTestWallet(page, {
      rpcUrl: anvilUrl,
      name: 'Second Wallet',
      rdns: 'dev.vitrine.second',
    })
    await openPage(page, '/')
    await page.getByTestId('wallet-control').click()
    const picker = page.getByTestId('wallet-picker')
    await picker.getByRole('button', { name: 'Second Wallet' }).click()
    await page.getByTestId('account-button').waitFor()
    await page.waitForFunction(() => !document.querySelector('[data-testid="wallet-control"]'))
    expect(second.state.connected).toBe(true)
    await context.close()
  })

  it('the wallet page adds WETH to the wallet', async () => {
    const { page, wallet, close } = await withWallet({ chainId: 1, knownChains: [1] })
    await openPage(page, '/wallet')
    await page.getByTestId('wallet-control').click()
    await page.getByRole('button', { name: 'Add WETH to your wallet' }).click()
    await page.getByText('WETH was added to your wallet.').waitFor()
    expect(JSON.stringify(wallet.state.watched)).toContain('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2')
    await close()
  })

  it('a page that needs a session sends the visitor to sign in and back', async () => {
    const { page, wallet, close } = await withWallet()
    const address = wallet.address()
    await openPage(page, `/profile/${address}`)
    expect(new URL(page.url()).pathname).toBe('/login')
    expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe(`/profile/${address}`)
    expect(await page.getByTestId('login-error').textContent()).toContain('Please sign in')
    await page.getByRole('button', { name: 'Sign in with Test Wallet' }).click()
    await page.waitForURL(`${baseUrl}/profile/${address}`)
    await close()
  })
})
