/**
 * The layers import downwards only: app → server → chain → db. A type-only import upwards is
 * allowed (the browser names the tRPC router's type), a value import is not: it would bundle a
 * higher layer into a lower one; the browser takes values from server/ and db/ only through the
 * few modules shared with it (the forms' input schemas). server/app.ts is the composition root: only the fetch handler
 * imports it, and the routes and middleware it composes name their Hono environment through
 * server/http/app-env.ts. The transports (tRPC, REST) sit on top of server/: nothing below
 * them imports their procedures or routes. Inside each top folder, its parts stand on floors
 * (ADR 26), held at the end of this file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../..')
const LAYERS = ['app', 'server', 'chain', 'db'] as const
type Layer = (typeof LAYERS)[number]

interface Edge {
  from: string
  /** Repository path of the imported module, without extension. */
  to: string
  typeOnly: boolean
}

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = posix.join(dir, name)
    if (statSync(join(ROOT, path)).isDirectory()) return name === 'node_modules' ? [] : sources(path)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause
  if (!clause) return false // a side-effect import runs the module
  if (clause.isTypeOnly) return true
  const named = clause.namedBindings
  return (
    !clause.name &&
    named !== undefined &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((element) => element.isTypeOnly)
  )
}

function isTypeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true
  const clause = node.exportClause
  return clause !== undefined && ts.isNamedExports(clause) && clause.elements.every((element) => element.isTypeOnly)
}

/** package.json's `#…` imports, by the module they load outside workerd. */
const SUBPATH_IMPORTS: Record<string, string> = Object.fromEntries(
  Object.entries(
    (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { imports: Record<string, { default: string }> })
      .imports,
  ).map(([name, targets]) => [name, posix.normalize(targets.default).replace(/\.tsx?$/, '')]),
)

/** Every relative import of a file: static, re-exports, dynamic `import()` and `import('…')` types. */
function importsOf(file: string, text = readFileSync(join(ROOT, file), 'utf8')): Edge[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false)
  const edges: Edge[] = []
  const add = (specifier: string | undefined, typeOnly: boolean) => {
    const mapped = specifier && SUBPATH_IMPORTS[specifier]
    if (mapped) return void edges.push({ from: file, to: mapped, typeOnly })
    if (!specifier?.startsWith('.')) return
    const to = posix.normalize(posix.join(dirname(file), specifier)).replace(/\.(ts|tsx|js)$/, '')
    edges.push({ from: file, to, typeOnly })
  }
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, isTypeOnlyImport(node))
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, isTypeOnlyExport(node))
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments
      if (argument && ts.isStringLiteral(argument)) add(argument.text, false)
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument
      if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal)) add(argument.literal.text, true)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return edges
}

const layerOf = (path: string): Layer | undefined => LAYERS.find((layer) => path.startsWith(`${layer}/`))
const rank = (layer: Layer) => LAYERS.indexOf(layer)
const describeEdge = (edge: Edge) => `${edge.from} → ${edge.to}`

const edges = LAYERS.flatMap((layer) => sources(layer)).flatMap((file) => importsOf(file))

/** The fetch handler is the one file of app/ that runs on the server only and wires it up. */
const FETCH_HANDLER = 'app/server.ts'
/**
 * What the fetch handler answers itself may live beside it in `*.server.ts` files, which
 * TanStack Start's import protection keeps out of the browser's bundle (a build that reaches one
 * from client code fails).
 */
const serverOnly = (path: string) => path === FETCH_HANDLER || /\.server\.tsx?$/.test(path)

/**
 * Modules the browser bundles as they are: the input schemas a form validates with before the
 * procedure validates again, the category list and the text cleaner they use, the widths
 * /_image makes (which the pages' srcset asks for), and the cache tags a live page watches, and what a report may give as its reason. They may load one another only.
 */
const SHARED_WITH_BROWSER =
  /^(server\/inputs\/[\w-]+|db\/schema\/categories|db\/cache-tags|db\/notification-kinds|db\/report-reasons|db\/decision-kinds|server\/metadata\/text|server\/media\/widths)$/

describe('imports between layers', () => {
  it('finds the imports it checks', () => {
    expect(edges).toContainEqual({ from: FETCH_HANDLER, to: 'server/app', typeOnly: false })
    expect(edges.some((edge) => edge.from.startsWith('chain/') && edge.to.startsWith('db/'))).toBe(true)
    expect(edges.some((edge) => edge.from.startsWith('app/') && edge.to === 'server/trpc/root' && edge.typeOnly)).toBe(
      true,
    )
  })

  it('tells a type-only import from one that loads the module', () => {
    const text = [
      "import type { A } from '../server/a'",
      "import { type B } from '../server/b'",
      "import { type C, c } from '../server/c'",
      "import '../server/d'",
      "export { e } from '../server/e'",
      "const f = () => import('../server/f')",
      "type G = import('../server/g').G",
    ].join('\n')
    expect(importsOf('db/example.ts', text).map((edge) => [edge.to, edge.typeOnly])).toEqual([
      ['server/a', true],
      ['server/b', true],
      ['server/c', false],
      ['server/d', false],
      ['server/e', false],
      ['server/f', false],
      ['server/g', true],
    ])
  })

  it('no value import reaches a higher layer', () => {
    const upwards = edges.filter((edge) => {
      const from = layerOf(edge.from)
      const to = layerOf(edge.to)
      return from && to && rank(to) < rank(from) && !edge.typeOnly
    })
    expect(upwards.map(describeEdge)).toEqual([])
  })

  it('app/ takes server/ and db/ values only in the fetch handler (and its *.server.ts files) and from modules shared with the browser', () => {
    const found = edges.filter(
      (edge) =>
        edge.from.startsWith('app/') &&
        !serverOnly(edge.from) &&
        (edge.to.startsWith('server/') || edge.to.startsWith('db/')) &&
        !edge.typeOnly &&
        !SHARED_WITH_BROWSER.test(edge.to),
    )
    expect(found.map(describeEdge)).toEqual([])
  })

  it('a module shared with the browser loads no other server/ or db/ module', () => {
    const found = edges.filter(
      (edge) =>
        SHARED_WITH_BROWSER.test(edge.from.replace(/\.tsx?$/, '')) &&
        (edge.to.startsWith('server/') || edge.to.startsWith('db/')) &&
        !edge.typeOnly &&
        !SHARED_WITH_BROWSER.test(edge.to),
    )
    expect(found.map(describeEdge)).toEqual([])
  })
})

describe('inside server/', () => {
  it('only the fetch handler imports the composition root server/app.ts', () => {
    const found = edges.filter((edge) => edge.to === 'server/app' && edge.from !== FETCH_HANDLER)
    expect(found.map(describeEdge)).toEqual([])
  })

  it('nothing below the transports imports a tRPC procedure or a REST route', () => {
    const transport = /^server\/(rest|trpc)\//
    const found = edges.filter(
      (edge) =>
        transport.test(edge.to) &&
        !edge.typeOnly &&
        !/^server\/(rest|trpc)\//.test(edge.from) &&
        edge.from !== 'server/app.ts' &&
        edge.from !== FETCH_HANDLER,
    )
    expect(found.map(describeEdge)).toEqual([])
  })

  it('a transport takes from another only the tRPC caller and context', () => {
    // REST is a shim over createCaller; an input, a read or a runner both need lives below them.
    const found = edges.filter(
      (edge) =>
        !edge.typeOnly &&
        ((edge.from.startsWith('server/rest/') &&
          edge.to.startsWith('server/trpc/') &&
          !['server/trpc/root', 'server/trpc/init'].includes(edge.to)) ||
          (edge.from.startsWith('server/trpc/routers/') && edge.to.startsWith('server/trpc/routers/')) ||
          (edge.from.startsWith('server/trpc/') && edge.to.startsWith('server/rest/'))),
    )
    expect(found.map(describeEdge)).toEqual([])
  })

  it('no file is left loose at the top of server/ besides the composition root', () => {
    // image.ts and art.ts are drawn and served by the image pipeline, which places them itself.
    const loose = readdirSync(join(ROOT, 'server')).filter(
      (name) => statSync(join(ROOT, 'server', name)).isFile() && !['app.ts', 'image.ts', 'art.ts'].includes(name),
    )
    expect(loose).toEqual([])
  })
})

describe('the transports', () => {
  const transports = [...sources('server/trpc'), ...sources('server/rest')]
  // A statement is a call on the database handle (ctx.db, c.env.db, db), or needs drizzle-orm's
  // operators; handing ctx.db on to a query or an operation is what a transport should do.
  const STATEMENT =
    /\b(db|ctx\.db|env\.db)\s*\.\s*(select|selectDistinct|insert|update|delete|run|all|get|values|batch|transaction|query)\b|from 'drizzle-orm/

  it('finds the routers and routes it checks', () => {
    expect(transports).toContain('server/trpc/routers/nft.ts')
    expect(transports).toContain('server/rest/v1.ts')
    expect(STATEMENT.test('await ctx.db\n  .select({ id: nfts.id })')).toBe(true)
    expect(STATEMENT.test("import { eq } from 'drizzle-orm'")).toBe(true)
    expect(STATEMENT.test('await findOrder(ctx.db, input.orderHash)')).toBe(false)
  })

  it('run no statement of their own: reads are in server/queries/, writes in db/market/', () => {
    const found = transports.filter((file) => STATEMENT.test(readFileSync(join(ROOT, file), 'utf8')))
    expect(found).toEqual([])
  })
})

/**
 * Inside each top folder, its parts (a sub-folder, or a file at its top) stand on floors, bottom
 * first; a part imports only from a lower floor, type imports included, so no two parts lean on
 * each other and a part can be read, tested or replaced with what is below it. Parts on one floor
 * do not import each other. chain/ and db/ are held to the weaker rule below (no circle).
 */
const FLOORS: Partial<Record<Layer, string[][]>> = {
  server: [
    ['media', 'art'], // bytes: sniffing, SVG, codecs, stores; drawn artwork
    ['platform'], // configuration, the runtime, the chain clients, rate-limit rules
    ['http'], // request plumbing: AppEnv, ApiError, bounded reads, cookies, guards, limits, edge cache
    ['auth', 'metadata', 'prices', 'live'], // sessions; the SSRF-safe fetcher; open pages
    ['inputs'], // zod schemas shared by the transports and the browser's forms
    ['queries'], // reads
    ['notify'], // notifications: their words, the inbox, the outbox's sender
    ['trading', 'health'], // orders, auctions, the indexer's runner; the health check
    ['create', 'import'], // creating and importing collections, uploads
    ['trpc'],
    ['rest'], // REST shims over the tRPC caller
    ['app', 'image'], // the composition root and the image route
  ],
  app: [['content'], ['lib'], ['wallet'], ['components'], ['routes'], ['routeTree.gen'], ['router'], ['server']],
}

/**
 * TanStack Start's generator ends the route tree with a declaration that names the router's
 * type (its `Register`), and the router is built from that tree: the one circle the framework
 * writes, type-only, in a generated file.
 */
const GENERATED_REGISTRATION = (edge: Edge) =>
  edge.from === 'app/routeTree.gen.ts' && edge.to === 'app/router' && edge.typeOnly

const files = new Set(LAYERS.flatMap((layer) => sources(layer)))
/** The file an import loads (`to` has no extension and may name a folder's index). */
const fileOf = (to: string) => [`${to}.ts`, `${to}.tsx`, `${to}/index.ts`].find((candidate) => files.has(candidate))
/** The part of its top folder a file belongs to: its sub-folder, or itself without extension. */
const partOf = (file: string) => file.split('/')[1]!.replace(/\.tsx?$/, '')

const inside = (layer: Layer) =>
  edges.filter(
    (edge) => edge.from.startsWith(`${layer}/`) && edge.to.startsWith(`${layer}/`) && !GENERATED_REGISTRATION(edge),
  )

/** Every circle of a directed graph, as Tarjan's strongly connected components of two or more nodes. */
function circles(links: [string, string][]): string[][] {
  const next = new Map<string, string[]>()
  for (const [from, to] of links) next.set(from, [...(next.get(from) ?? []), to])
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (node: string) => {
    index.set(node, index.size)
    low.set(node, index.get(node)!)
    stack.push(node)
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to)
        low.set(node, Math.min(low.get(node)!, low.get(to)!))
      } else if (stack.includes(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!))
    }
    if (low.get(node) !== index.get(node)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      component.push(member)
    } while (member !== node)
    if (component.length > 1 || links.some(([from, to]) => from === node && to === node)) found.push(component.sort())
  }
  for (const node of next.keys()) if (!index.has(node)) visit(node)
  return found
}

describe('floors inside each top folder', () => {
  it('finds circles, and knows what each import loads', () => {
    expect(
      circles([
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'a'],
        ['c', 'd'],
      ]),
    ).toEqual([['a', 'b', 'c']])
    expect(
      circles([
        ['a', 'b'],
        ['b', 'c'],
      ]),
    ).toEqual([])
    expect(fileOf('server/http/errors')).toBe('server/http/errors.ts')
    expect(fileOf('db/market')).toBe('db/market/index.ts')
    expect(edges).toContainEqual({ from: 'server/platform/runtime.ts', to: 'server/media/resize', typeOnly: false })
  })

  it.each(LAYERS)('%s/: no circle of files, type imports included', (layer) => {
    const links = inside(layer).flatMap((edge): [string, string][] => {
      const to = fileOf(edge.to)
      return to ? [[edge.from, to]] : []
    })
    expect(links.length).toBeGreaterThan(0)
    expect(circles(links)).toEqual([])
  })

  it.each(LAYERS)('%s/: no loop between its parts', (layer) => {
    const links = inside(layer)
      .map((edge): [string, string] => [partOf(edge.from), partOf(edge.to)])
      .filter(([from, to]) => from !== to)
    expect(circles(links)).toEqual([])
  })

  it.each(Object.keys(FLOORS) as Layer[])('%s/: every part stands on a floor, and imports only from below', (layer) => {
    const floors = FLOORS[layer]!
    const floorOf = (part: string) => floors.findIndex((floor) => floor.includes(part))
    const parts = [...new Set(sources(layer).map(partOf))]
    expect(parts.filter((part) => floorOf(part) < 0)).toEqual([])
    expect(floors.flat().filter((part) => !parts.includes(part))).toEqual([])
    const upwards = inside(layer).filter((edge) => {
      const [from, to] = [partOf(edge.from), partOf(edge.to)]
      return from !== to && floorOf(to) >= floorOf(from)
    })
    expect(upwards.map(describeEdge)).toEqual([])
  })
})

/**
 * app/components/charts/ is the bottom floor of app/components/: charts draw what they are given
 * (plain SVG, no effects), so they load only app/lib/ and each other, never another component.
 */
describe('app/components/charts', () => {
  it('imports only app/lib/ and its own files (and types)', () => {
    const charts = edges.filter((edge) => edge.from.startsWith('app/components/charts/'))
    expect(charts.length).toBeGreaterThan(0)
    const found = charts.filter(
      (edge) => !edge.typeOnly && !edge.to.startsWith('app/lib/') && !edge.to.startsWith('app/components/charts/'),
    )
    expect(found.map(describeEdge)).toEqual([])
  })
})
