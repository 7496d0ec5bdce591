/**
 * Readable signing: what a Seaport order (or the fill, or the cancel, about to be sent) makes the
 * wallet give and get, in plain words, read from the very order and never from what a page
 * showed. Anything it cannot vouch for becomes a warning: a payment to a stranger, a zone or a
 * conduit, a price that moves, an unknown item, a far end time, a fee above its rate, a figure
 * that differs from the page's. Pure: the same words in the browser and in tests.
 */
import { formatEther, getAddress, zeroAddress, zeroHash, type Address } from 'viem'
import type { ConsiderationItem, OfferItem, OrderComponents } from './seaport'

/** Seaport's item types, with the two criteria ones (a collection or trait offer). */
const NATIVE = 0
const ERC20 = 1
const ERC721 = 2
const ERC1155 = 3
const ERC721_CRITERIA = 4
const ERC1155_CRITERIA = 5

/** An order ending further away than this is said loudly (the signature stays good until then). */
const FAR_END_SECONDS = 366n * 86_400n

/** A fee recipient the caller knows: the platform's, or the creator's, at its rate. */
export interface KnownFee {
  kind: 'platform' | 'creator'
  recipient: string
  bps: number
}

/** Names the caller can vouch for; anything it does not know is shown by address and id. */
export interface NameLookup {
  token?: (contract: Address, tokenId: bigint) => string | undefined
  collection?: (contract: Address) => string | undefined
  /** A trait offer's Merkle root, named (e.g. "Background: Blue") when the caller built it. */
  criteria?: (contract: Address, root: bigint) => string | undefined
}

export interface SigningContext {
  /** The wallet that signs or sends. */
  signer: Address
  fees: KnownFee[]
  names?: NameLookup
  /** The network's WETH (its amounts are said in WETH). */
  weth?: Address
  /** Unix seconds now: an end time far past it is warned about. */
  now?: bigint
  /** What the page showed; the order's figures win and a difference is warned about. */
  page?: { price?: bigint; token?: { contract: string; tokenId: bigint } }
}

/** What a dialog knows and passes along: the fee recipients, the names, and the page's figures. */
export type SigningView = Pick<SigningContext, 'fees' | 'names' | 'page'>

/** One order, from the signer's side. */
export interface OrderSummary {
  give: string
  get: string
  /** How `get` comes about, e.g. "1.5 ETH less a 0.015 platform fee and 0.0075 creator earnings". */
  detail?: string
  /** Where the rest of the money goes, in a sentence (the holder's or seller's share). */
  note?: string
  warnings: string[]
}

/** What the dialog shows before the wallet is asked. */
export interface SigningSummary {
  action: string
  orders: OrderSummary[]
  /** Several orders: the sums, per currency. */
  total?: { give: string; get: string }
  warnings: string[]
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** An amount in ETH or WETH, exact (formatEther never rounds); other ERC-20s by base units. */
function money(ctx: SigningContext, itemType: number, token: Address, amount: bigint): string {
  if (itemType === NATIVE) return `${formatEther(amount)} ETH`
  if (ctx.weth && same(token, ctx.weth)) return `${formatEther(amount)} WETH`
  return `${amount} base units of the token ${getAddress(token)}`
}

const isCurrency = (item: OfferItem) => item.itemType === NATIVE || item.itemType === ERC20
const isNft = (item: OfferItem) => item.itemType >= ERC721 && item.itemType <= ERC1155_CRITERIA

/** A token by name, or by checksummed address and id; `count` of them for an ERC-1155. */
function nftWords(ctx: SigningContext, item: OfferItem, count: bigint): string {
  const contract = item.token
  const id = item.identifierOrCriteria
  let what: string
  if (item.itemType === ERC721_CRITERIA || item.itemType === ERC1155_CRITERIA) {
    const collection = ctx.names?.collection?.(contract) ?? getAddress(contract)
    if (id === 0n) what = `any token of ${collection}`
    else {
      const trait = ctx.names?.criteria?.(contract, id)
      what = trait ? `any ${collection} with ${trait}` : `one of a list of tokens of ${collection}`
    }
  } else {
    what = ctx.names?.token?.(contract, id) ?? `${getAddress(contract)} #${id}`
  }
  // Several of an ERC-1155 token, or a criteria offer for several ERC-721 tokens (each a fill).
  const several = item.itemType === ERC1155 || item.itemType === ERC1155_CRITERIA || count > 1n
  return several ? `${count} × ${what}` : what
}

/** Sums per currency, in order of first appearance. */
function sums(items: { itemType: number; token: Address; amount: bigint }[]) {
  const out: { itemType: number; token: Address; amount: bigint }[] = []
  for (const item of items) {
    const found = out.find((o) => o.itemType === item.itemType && same(o.token, item.token))
    if (found) found.amount += item.amount
    else out.push({ ...item })
  }
  return out
}

/** The fee label as it reads after an amount: "a 0.015 platform fee", "0.0075 creator earnings". */
const feeWords = (kind: KnownFee['kind'], amount: string) =>
  kind === 'platform' ? `a ${amount} platform fee` : `${amount} creator earnings`

const bare = (text: string) => text.replace(/ (ETH|WETH)$/, '')

/** What every order carries that the signer cannot see in its figures. */
function termWarnings(ctx: SigningContext, order: OrderComponents): string[] {
  const warnings: string[] = []
  if (!same(order.zone, zeroAddress))
    warnings.push(`A zone contract (${getAddress(order.zone)}) decides whether this order may be filled.`)
  if (order.conduitKey !== zeroHash)
    warnings.push(`Tokens move through a conduit (key ${order.conduitKey}), not through Seaport itself.`)
  const moving = [...order.offer, ...order.consideration].find((item) => item.startAmount !== item.endAmount)
  if (moving)
    warnings.push(
      `The price changes over time (a Dutch auction): from ${moving.startAmount} to ${moving.endAmount} base units of one item.`,
    )
  const unknown = [...order.offer, ...order.consideration].find((item) => item.itemType > ERC1155_CRITERIA)
  if (unknown) warnings.push(`This order holds an item of an unknown type (${unknown.itemType}); it cannot be read.`)
  if (ctx.now !== undefined && order.endTime > ctx.now + FAR_END_SECONDS) {
    const days = (order.endTime - ctx.now) / 86_400n
    warnings.push(`This order stays valid for ${days} days: the signature can be used until then unless you cancel.`)
  }
  return warnings
}

/**
 * Checks fee items of one order against the known fees at `price`: each known fee answers for
 * one item (a platform and a creator with the same address still pay two items at their rates).
 */
function feeChecker(ctx: SigningContext, price: bigint) {
  const unused = ctx.fees.filter((fee) => !same(fee.recipient, zeroAddress))
  return (item: ConsiderationItem): { kind: KnownFee['kind'] } | string => {
    const amount = money(ctx, item.itemType, item.token, item.startAmount)
    const candidates = isCurrency(item) ? unused.filter((fee) => same(fee.recipient, item.recipient)) : []
    if (candidates.length === 0)
      return `${isNft(item) ? nftWords(ctx, item, item.startAmount) : amount} goes to ${getAddress(item.recipient)}, who is neither you nor a known fee recipient.`
    const fits = candidates.find((fee) => item.startAmount * 10_000n <= price * BigInt(fee.bps))
    if (!fits) {
      const known = candidates[0]!
      return `The ${known.kind === 'platform' ? 'platform fee' : 'creator earnings'} in this order (${amount}) is more than ${known.bps / 100}% of the price.`
    }
    unused.splice(unused.indexOf(fits), 1)
    return { kind: fits.kind }
  }
}

function pageChecks(ctx: SigningContext, price: bigint | undefined, priceText: (n: bigint) => string, nft?: OfferItem) {
  const warnings: string[] = []
  const page = ctx.page
  if (page?.price !== undefined && price !== undefined && page.price !== price)
    warnings.push(`The page showed ${priceText(page.price)}, but this order says ${priceText(price)}.`)
  if (page?.token && nft && (!same(page.token.contract, nft.token) || page.token.tokenId !== nft.identifierOrCriteria))
    warnings.push(
      `The page showed token #${page.token.tokenId}, but this order is for ${getAddress(nft.token)} #${nft.identifierOrCriteria}.`,
    )
  return warnings
}

/** "1.4775 ETH — 1.5 ETH less a 0.015 platform fee and 0.0075 creator earnings" parts. */
function lessFees(whole: string, fees: { kind: KnownFee['kind']; text: string }[]) {
  if (fees.length === 0) return undefined
  const words = fees.map((fee) => feeWords(fee.kind, bare(fee.text)))
  const joined = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
  return `${whole} less ${joined}`
}

/**
 * An order the signer makes (a listing or an offer), as it will be signed. Its price is what the
 * consideration pays in all in the order's currency; the fees come out of it.
 */
export function describeOrder(order: OrderComponents, ctx: SigningContext): OrderSummary {
  const warnings = termWarnings(ctx, order)
  if (!same(order.offerer, ctx.signer))
    warnings.push(`This order is made by ${getAddress(order.offerer)}, not by your wallet.`)
  const giving = order.offer
  const nftOffered = giving.find(isNft)
  if (nftOffered) {
    // A listing: the signer gives tokens; the consideration is the price.
    const payments = order.consideration.filter(isCurrency)
    const price = payments.reduce((sum, item) => sum + item.startAmount, 0n)
    const feeCheck = feeChecker(ctx, price)
    const mine = payments.filter((item) => same(item.recipient, ctx.signer))
    const fees: { kind: KnownFee['kind']; text: string }[] = []
    for (const item of order.consideration.filter((item) => !same(item.recipient, ctx.signer))) {
      const check = feeCheck(item)
      if (typeof check === 'string') warnings.push(check)
      else fees.push({ kind: check.kind, text: money(ctx, item.itemType, item.token, item.startAmount) })
    }
    for (const item of order.consideration.filter((item) => isNft(item) && same(item.recipient, ctx.signer)))
      warnings.push(`You would also get ${nftWords(ctx, item, item.startAmount)}.`)
    const currency = payments[0] ?? { itemType: NATIVE, token: zeroAddress }
    const priceText = (n: bigint) => money(ctx, currency.itemType, currency.token, n)
    warnings.push(...pageChecks(ctx, price, priceText, nftOffered))
    const received = sums(
      mine.map((item) => ({ itemType: item.itemType, token: item.token, amount: item.startAmount })),
    )
    const get = received.length
      ? received.map((r) => money(ctx, r.itemType, r.token, r.amount)).join(' and ')
      : 'nothing'
    const count = nftOffered.startAmount
    const each =
      nftOffered.itemType === ERC1155 && count > 1n && received.length === 1 && received[0]!.amount % count === 0n
        ? ` (${priceText(received[0]!.amount / count)} each)`
        : ''
    return {
      give: giving
        .map((item) => (isNft(item) ? nftWords(ctx, item, item.startAmount) : moneyOf(ctx, item)))
        .join(' and '),
      get: `${get}${each}`,
      detail: lessFees(priceText(price), fees),
      warnings,
    }
  }
  // An offer: the signer gives currency and gets the tokens; fees come out of what the holder receives.
  const price = giving.filter(isCurrency).reduce((sum, item) => sum + item.startAmount, 0n)
  const feeCheck = feeChecker(ctx, price)
  const currency = giving.find(isCurrency) ?? { itemType: ERC20, token: ctx.weth ?? zeroAddress }
  const priceText = (n: bigint) => money(ctx, currency.itemType, currency.token, n)
  const wanted = order.consideration.filter(isNft)
  const fees: { kind: KnownFee['kind']; text: string }[] = []
  const feeAmounts: bigint[] = []
  let feeTotal = 0n
  for (const item of wanted.filter((item) => !same(item.recipient, ctx.signer)))
    warnings.push(`${nftWords(ctx, item, item.startAmount)} would go to ${getAddress(item.recipient)}, not to you.`)
  for (const item of order.consideration.filter((item) => !isNft(item))) {
    const check = feeCheck(item)
    if (typeof check === 'string') warnings.push(check)
    else {
      fees.push({ kind: check.kind, text: money(ctx, item.itemType, item.token, item.startAmount) })
      feeAmounts.push(item.startAmount)
      feeTotal += item.startAmount
    }
  }
  warnings.push(...pageChecks(ctx, price, priceText, wanted[0]))
  const first = wanted[0]
  // An offer for several (of an ERC-1155 token, or any of a collection's): each is filled apart.
  const units = first && first.startAmount > 1n && price % first.startAmount === 0n ? first.startAmount : 1n
  const each = units > 1n ? ` (${priceText(price / units)} each)` : ''
  const perToken =
    units > 1n ? fees.map((fee, i) => ({ kind: fee.kind, text: priceText(feeAmounts[i]! / units) })) : fees
  return {
    give: `${giving.map((item) => (isNft(item) ? nftWords(ctx, item, item.startAmount) : moneyOf(ctx, item))).join(' and ')}${each}`,
    get: wanted.length ? wanted.map((item) => nftWords(ctx, item, item.startAmount)).join(' and ') : 'nothing',
    note:
      fees.length > 0
        ? `If accepted, the holder${units > 1n ? ' of each' : ''} receives ${priceText((price - feeTotal) / units)} — ${lessFees(priceText(price / units), perToken)}`
        : undefined,
    warnings,
  }
}

const moneyOf = (ctx: SigningContext, item: OfferItem) => money(ctx, item.itemType, item.token, item.startAmount)

/** `units` of an order for `quantity`: every amount scaled as Seaport's partial fill does. */
function part(order: OrderComponents, units: bigint, quantity: bigint): OrderComponents {
  if (units === quantity) return order
  const scale = <T extends OfferItem>(item: T): T => ({
    ...item,
    startAmount: (item.startAmount * units) / quantity,
    endAmount: (item.endAmount * units) / quantity,
  })
  return { ...order, offer: order.offer.map(scale), consideration: order.consideration.map(scale) }
}

/**
 * Filling someone else's order: buying a listing (you give its price, you get its tokens) or
 * accepting an offer (you give the token and the fees out of the offer, you get the rest).
 * `units` of `quantity` for a partial fill of an ERC-1155 order.
 */
export function describeFill(
  order: OrderComponents,
  ctx: SigningContext,
  fill: { units?: bigint; quantity?: bigint } = {},
): OrderSummary {
  const quantity = fill.quantity ?? 1n
  const o = part(order, fill.units ?? quantity, quantity)
  const warnings = termWarnings(ctx, o)
  const nftOffered = o.offer.find(isNft)
  if (nftOffered) {
    // Buying: every consideration item is paid by the buyer.
    const payments = o.consideration.filter(isCurrency)
    const price = payments.reduce((sum, item) => sum + item.startAmount, 0n)
    const feeCheck = feeChecker(ctx, price)
    const currency = payments[0] ?? { itemType: NATIVE, token: zeroAddress }
    const priceText = (n: bigint) => money(ctx, currency.itemType, currency.token, n)
    const fees: { kind: KnownFee['kind']; text: string }[] = []
    let seller = 0n
    for (const item of o.consideration) {
      if (same(item.recipient, o.offerer) && isCurrency(item)) seller += item.startAmount
      else {
        const check = feeCheck(item)
        if (typeof check === 'string') warnings.push(check)
        else fees.push({ kind: check.kind, text: money(ctx, item.itemType, item.token, item.startAmount) })
      }
    }
    warnings.push(...pageChecks(ctx, price, priceText, nftOffered))
    const paid = sums(
      payments.map((item) => ({ itemType: item.itemType, token: item.token, amount: item.startAmount })),
    )
    return {
      give: paid.map((p) => money(ctx, p.itemType, p.token, p.amount)).join(' and ') || 'nothing',
      get: o.offer
        .map((item) => (isNft(item) ? nftWords(ctx, item, item.startAmount) : moneyOf(ctx, item)))
        .join(' and '),
      note:
        fees.length > 0 ? `The seller receives ${priceText(seller)} — ${lessFees(priceText(price), fees)}` : undefined,
      warnings,
    }
  }
  // Accepting an offer: the token goes to the offerer; the fees are paid from the offered currency.
  const price = o.offer.filter(isCurrency).reduce((sum, item) => sum + item.startAmount, 0n)
  const feeCheck = feeChecker(ctx, price)
  const currency = o.offer.find(isCurrency) ?? { itemType: ERC20, token: ctx.weth ?? zeroAddress }
  const priceText = (n: bigint) => money(ctx, currency.itemType, currency.token, n)
  const wanted = o.consideration.filter(isNft)
  const fees: { kind: KnownFee['kind']; text: string }[] = []
  let feeTotal = 0n
  for (const item of o.consideration.filter((item) => !isNft(item))) {
    const check = feeCheck(item)
    if (typeof check === 'string') warnings.push(check)
    else fees.push({ kind: check.kind, text: money(ctx, item.itemType, item.token, item.startAmount) })
    feeTotal += item.startAmount
  }
  warnings.push(...pageChecks(ctx, price, priceText, wanted[0]))
  return {
    give: wanted.map((item) => nftWords(ctx, item, item.startAmount)).join(' and ') || 'nothing',
    get: priceText(price - feeTotal),
    detail: lessFees(priceText(price), fees),
    warnings,
  }
}

/** A lazy mint bought from its voucher: the price in ETH for the token, minted to the buyer. */
export function describeMint(collection: Address, tokenId: bigint, price: bigint, ctx: SigningContext): OrderSummary {
  const name = ctx.names?.token?.(collection, tokenId) ?? `${getAddress(collection)} #${tokenId}`
  const warnings =
    ctx.page?.price !== undefined && ctx.page.price !== price
      ? [`The page showed ${formatEther(ctx.page.price)} ETH, but this voucher asks ${formatEther(price)} ETH.`]
      : []
  return { give: `${formatEther(price)} ETH`, get: `${name}, minted to you`, warnings }
}

/** Cancelling orders on chain: nothing is given or got, the orders can no longer be filled. */
export function describeCancel(orders: OrderComponents[], ctx: SigningContext): OrderSummary[] {
  return orders.map((order) => {
    const made = describeOrder(order, { ...ctx, page: undefined })
    const kind = order.offer.some(isNft) ? 'listing' : 'offer'
    return {
      give: 'nothing (only the gas)',
      get: `your ${kind} (${made.give} for ${made.get}) can no longer be filled`,
      warnings: same(order.offerer, ctx.signer) ? [] : made.warnings.slice(-1),
    }
  })
}

/** Sums the currency and counts the tokens of several orders (a bulk listing, a cart). */
function totals(parts: OrderSummary[]) {
  return { give: parts.map((p) => p.give).join('; '), get: parts.map((p) => p.get).join('; ') }
}

/** The summary of one or several orders, with every warning gathered at the top. */
export function summarize(action: string, orders: OrderSummary[], sum?: { give: string; get: string }): SigningSummary {
  return {
    action,
    orders,
    ...(orders.length > 1 ? { total: sum ?? totals(orders) } : {}),
    warnings: orders.flatMap((o) => o.warnings),
  }
}

/** Several orders filled at once (a cart): their amounts added per currency. */
export function describeFills(
  fills: { order: OrderComponents; units?: bigint; quantity?: bigint }[],
  ctx: SigningContext,
): SigningSummary {
  const orders = fills.map((f) => describeFill(f.order, { ...ctx, page: undefined }, f))
  const paid = sums(
    fills.flatMap((f) =>
      part(f.order, f.units ?? f.quantity ?? 1n, f.quantity ?? 1n)
        .consideration.filter(isCurrency)
        .map((item) => ({ itemType: item.itemType, token: item.token, amount: item.startAmount })),
    ),
  )
  const give = paid.map((p) => money(ctx, p.itemType, p.token, p.amount)).join(' and ')
  const summary = summarize(`Buy ${fills.length} items`, orders, {
    give,
    get: `${fills.length} items`,
  })
  const total = paid.find((p) => p.itemType === NATIVE)?.amount
  if (ctx.page?.price !== undefined && total !== undefined && ctx.page.price !== total)
    summary.warnings.push(
      `The page showed ${formatEther(ctx.page.price)} ETH in all, but these orders ask ${formatEther(total)} ETH.`,
    )
  return summary
}

/** Several orders signed at once (a bulk listing): what the signer gets, added per currency. */
export function describeOrders(orders: OrderComponents[], ctx: SigningContext): SigningSummary {
  const parts = orders.map((order) => describeOrder(order, { ...ctx, page: undefined }))
  const got = sums(
    orders.flatMap((order) =>
      order.consideration
        .filter((item) => isCurrency(item) && same(item.recipient, ctx.signer))
        .map((item) => ({ itemType: item.itemType, token: item.token, amount: item.startAmount })),
    ),
  )
  return summarize(`Sign ${orders.length} orders`, parts, {
    give: `${orders.length} items`,
    get: got.map((g) => money(ctx, g.itemType, g.token, g.amount)).join(' and ') || 'nothing',
  })
}
