/**
 * A route file exports its Route and nothing else. TanStack's code splitter leaves a route file
 * whole in the bundle every page loads when it exports anything more: one exported constant from
 * the Create page once put its form, zod and viem (120 KB gzipped) into every first load.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROUTES = join(import.meta.dirname, '../../app/routes')
const routeFiles = readdirSync(ROUTES, { recursive: true })
  .map(String)
  .filter((name) => /\.tsx?$/.test(name))
  .map((name) => name.split('\\').join(posix.sep))

/** Exported values; types (the root route's context type) leave no code behind. */
function valueExports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROUTES, file), 'utf8'), ts.ScriptTarget.Latest, false)
  const names: string[] = []
  for (const node of source.statements) {
    if (ts.isExportDeclaration(node)) {
      if (node.isTypeOnly) continue
      const clause = node.exportClause
      if (clause && ts.isNamedExports(clause)) {
        names.push(...clause.elements.filter((e) => !e.isTypeOnly).map((e) => e.name.text))
      } else names.push('*')
    } else if (ts.isExportAssignment(node)) names.push('default')
    else if (ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) continue
      if (ts.isVariableStatement(node)) {
        names.push(...node.declarationList.declarations.map((d) => d.name.getText(source)))
      } else names.push((node as ts.FunctionDeclaration).name?.text ?? 'default')
    }
  }
  return names
}

describe('route files', () => {
  it('are found', () => expect(routeFiles.length).toBeGreaterThan(20))
  it.each(routeFiles)('%s exports Route only', (file) => {
    expect(valueExports(file)).toEqual(['Route'])
  })
})
