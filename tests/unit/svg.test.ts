import { describe, expect, it } from 'vitest'
import { MAX_SVG_DEPTH, sanitizeSvg, SvgRefusal } from '../../server/media/svg'
import { hostileSvgs } from '../support/hostile-svgs'

const bytes = (text: string) => new TextEncoder().encode(text)
const clean = (text: string) => new TextDecoder().decode(sanitizeSvg(bytes(text)))

describe('SVG judged as XML', () => {
  it.each(Object.entries(hostileSvgs()))('refuses %s, saying what it found', (_what, svg) => {
    expect(() => sanitizeSvg(bytes(svg))).toThrow(SvgRefusal)
  })

  it('names the problem', () => {
    const payloads = hostileSvgs()
    expect(() => clean(payloads['h:script (XHTML namespace)']!)).toThrow(/element outside SVG \(<h:script>/)
    expect(() =>
      clean(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">' +
          '<set attributeName="xlink:href" to="&#x6a;avascript:alert(1)"/></svg>',
      ),
    ).toThrow(/animates the "xlink:href" attribute/)
    expect(() => clean(payloads['CSS @import']!)).toThrow(/@import/)
    expect(() => clean(payloads['XML entity declaration']!)).toThrow(/DOCTYPE/)
    expect(() => clean('<svg xmlns="http://www.w3.org/2000/svg"><rect')).toThrow(/not well-formed XML/)
    expect(() => clean('<html xmlns="http://www.w3.org/1999/xhtml"/>')).toThrow(/root element is not <svg>/)
  })

  it('refuses what hides behind encodings and case', () => {
    const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`
    for (const body of [
      '<rect style="fill:u\\72l(https://evil.example/x)"/>',
      '<rect fill="URL( https://evil.example/x )"/>',
      '<use href=" &#x6a;avascript:alert(1)"/>',
      '<image href="data:image/svg+xml;base64,PHN2Zy8+"/>',
      '<animate attributeName="HREF" to="javascript:alert(1)"/>',
      '<foreignObject/>',
      '<a href="#x"><rect/></a>',
    ]) {
      expect(() => clean(svg(body)), body).toThrow(SvgRefusal)
    }
  })

  it('keeps drawings: gradients, clip paths, filters, text, inner references and animation', () => {
    const art =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">' +
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient>' +
      '<filter id="f"><feGaussianBlur stdDeviation="1"/></filter><clipPath id="c"><circle r="4"/></clipPath></defs>' +
      '<style>.a{fill:url(#g);stroke:#000}</style>' +
      '<rect class="a" width="10" height="10" filter="url(#f)" clip-path="url(#c)" style="opacity:.5"/>' +
      '<use xlink:href="#c"/><text x="1" y="9" font-family="serif">Hi &amp; bye</text>' +
      '<animate attributeName="opacity" from="0" to="1" dur="1s"/>' +
      '<image width="1" height="1" href="data:image/png;base64,iVBORw0KGgo="/></svg>'
    expect(clean(art)).toBe(art)
  })

  it("drops an editor's bookkeeping (Inkscape, metadata) and unused namespace declarations", () => {
    const out = clean(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" ' +
        'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" inkscape:version="1.3">' +
        '<metadata><rdf:RDF/></metadata><g inkscape:label="Layer 1"><path d="M0 0h1"/></g></svg>',
    )
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><g><path d="M0 0h1"/></g></svg>')
  })

  it(`keeps ${MAX_SVG_DEPTH} levels of nesting and refuses deeper, by name, however deep (no stack overflow)`, () => {
    const nested = (levels: number) =>
      `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(levels - 2)}<rect/>${'</g>'.repeat(levels - 2)}</svg>`
    expect(clean(nested(MAX_SVG_DEPTH))).toBe(nested(MAX_SVG_DEPTH))
    for (const levels of [MAX_SVG_DEPTH + 1, 5_000, 100_000]) {
      expect(() => clean(nested(levels)), String(levels)).toThrow(
        new SvgRefusal(`it nests elements deeper than ${MAX_SVG_DEPTH} levels`),
      )
    }
  })
})
