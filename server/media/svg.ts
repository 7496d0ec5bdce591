/**
 * SVG judged as XML: parsed with a real parser (@xmldom/xmldom, runs on Node and Workers), every
 * element and attribute checked against an allow-list, then serialised again, so what a browser
 * later parses is exactly the tree that was checked (no parser differential), never the bytes
 * as uploaded. Anything that can run, navigate or load another resource is refused and named.
 * Editor bookkeeping (Inkscape/Sodipodi attributes, <metadata>) is inert and simply dropped.
 */
import { DOMParser, XMLSerializer, type Document, type Element, type Node } from '@xmldom/xmldom'

/** Bigger drawings are refused: the parsed tree costs many times the bytes (Workers have 128 MB). */
export const MAX_SVG_BYTES = 4 * 1024 * 1024
/**
 * Deeper nesting is refused: real art nests a few dozen levels, while 4 MB can nest half a million,
 * and whatever reads the stored file recursively (a renderer, a thumbnailer) would overflow.
 */
export const MAX_SVG_DEPTH = 256

const SVG_NS = 'http://www.w3.org/2000/svg'
const XLINK_NS = 'http://www.w3.org/1999/xlink'
const XML_NS = 'http://www.w3.org/XML/1998/namespace'
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/'
/** Namespaces of drawing editors' own data: removed, never rendered. */
const EDITOR_NS = new Set([
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
])

const ELEMENTS = new Set(
  (
    'svg g defs title desc symbol use image switch path rect circle ellipse line polyline polygon ' +
    'text tspan textPath linearGradient radialGradient stop pattern clipPath mask marker style ' +
    'filter feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting ' +
    'feDisplacementMap feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR ' +
    'feGaussianBlur feMerge feMergeNode feMorphology feOffset fePointLight feSpecularLighting ' +
    'feSpotLight feTile feTurbulence animate animateTransform animateMotion mpath set'
  ).split(' '),
)

const ATTRIBUTES = new Set(
  (
    'id class style lang tabindex version baseProfile viewBox preserveAspectRatio width height x y ' +
    'x1 y1 x2 y2 cx cy r rx ry fx fy fr d points pathLength transform href dx dy rotate textLength ' +
    'lengthAdjust startOffset method spacing side gradientUnits gradientTransform spreadMethod offset ' +
    'patternUnits patternContentUnits patternTransform clipPathUnits maskUnits maskContentUnits ' +
    'markerUnits markerWidth markerHeight refX refY orient filterUnits primitiveUnits in in2 result ' +
    'mode type values tableValues slope intercept amplitude exponent operator k1 k2 k3 k4 order ' +
    'kernelMatrix divisor bias targetX targetY edgeMode kernelUnitLength preserveAlpha surfaceScale ' +
    'diffuseConstant specularConstant specularExponent scale xChannelSelector yChannelSelector ' +
    'stdDeviation azimuth elevation z pointsAtX pointsAtY pointsAtZ limitingConeAngle radius ' +
    'baseFrequency numOctaves seed stitchTiles attributeName attributeType begin dur end min max ' +
    'restart repeatCount repeatDur fill calcMode keyTimes keySplines from to by additive accumulate ' +
    'path keyPoints requiredFeatures requiredExtensions systemLanguage media ' +
    // presentation attributes
    'alignment-baseline baseline-shift clip clip-path clip-rule color color-interpolation ' +
    'color-interpolation-filters color-profile color-rendering cursor direction display ' +
    'dominant-baseline enable-background fill-opacity fill-rule filter flood-color flood-opacity ' +
    'font font-family font-size font-size-adjust font-stretch font-style font-variant font-weight ' +
    'glyph-orientation-horizontal glyph-orientation-vertical image-rendering kerning letter-spacing ' +
    'lighting-color marker-end marker-mid marker-start mask opacity overflow paint-order ' +
    'pointer-events shape-rendering stop-color stop-opacity stroke stroke-dasharray ' +
    'stroke-dashoffset stroke-linecap stroke-linejoin stroke-miterlimit stroke-opacity stroke-width ' +
    'text-anchor text-decoration text-rendering transform-origin unicode-bidi vector-effect ' +
    'visibility word-spacing writing-mode mix-blend-mode isolation'
  ).split(' '),
)

/** Raster pictures an <image> may embed inline; nothing else may be referenced but a #fragment. */
const INLINE_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/

export class SvgRefusal extends Error {}

/** The checked drawing as clean UTF-8 bytes, or a SvgRefusal saying what was found. */
export function sanitizeSvg(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  if (bytes.byteLength > MAX_SVG_BYTES) {
    throw new SvgRefusal(`it is larger than ${MAX_SVG_BYTES / 1024 / 1024} MB (an SVG that large is refused)`)
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
  let problem: string | null = null
  const parser = new DOMParser({
    onError: (level, message) => {
      problem ??= `it is not well-formed XML (${level}: ${message.split('\n')[0]})`
    },
  })
  let document: Document
  try {
    document = parser.parseFromString(text, 'image/svg+xml')
  } catch {
    throw new SvgRefusal(problem ?? 'it is not well-formed XML')
  }
  for (const node of Array.from(document.childNodes) as Node[]) {
    if (node.nodeType === node.DOCUMENT_TYPE_NODE && (node as unknown as { internalSubset: string }).internalSubset) {
      throw new SvgRefusal('it declares XML entities or other markup in its DOCTYPE')
    }
    if (node.nodeType === node.PROCESSING_INSTRUCTION_NODE && node.nodeName !== 'xml') {
      throw new SvgRefusal(`it has a processing instruction (<?${node.nodeName} …?>)`)
    }
  }
  if (problem) throw new SvgRefusal(problem)
  const root = document.documentElement
  if (!root || root.namespaceURI !== SVG_NS || root.localName !== 'svg') {
    throw new SvgRefusal('its root element is not <svg> in the SVG namespace')
  }
  checkTree(root)
  return new TextEncoder().encode(new XMLSerializer().serializeToString(document))
}

/**
 * Every element, parents first, in document order. An explicit stack, not recursion: a few KB of
 * nested <g> must be a refusal, not a stack overflow.
 */
function checkTree(root: Element): void {
  const stack: { element: Element; depth: number }[] = [{ element: root, depth: 1 }]
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { element, depth } = next
    if (depth > MAX_SVG_DEPTH) throw new SvgRefusal(`it nests elements deeper than ${MAX_SVG_DEPTH} levels`)
    checkElement(element)
    const children: Element[] = []
    for (const child of Array.from(element.childNodes) as Node[]) {
      if (child.nodeType === child.ELEMENT_NODE) {
        const inner = child as Element
        const editorData =
          (inner.namespaceURI && EDITOR_NS.has(inner.namespaceURI)) ||
          (inner.namespaceURI === SVG_NS && inner.localName === 'metadata')
        if (editorData) element.removeChild(child)
        else children.push(inner)
      } else if (child.nodeType === child.PROCESSING_INSTRUCTION_NODE) {
        throw new SvgRefusal(`it has a processing instruction (<?${child.nodeName} …?>)`)
      }
    }
    for (const child of children.reverse()) stack.push({ element: child, depth: depth + 1 })
  }
}

/** One element and its attributes; checkTree visits its children. */
function checkElement(element: Element): void {
  const name = element.localName ?? element.nodeName
  if (element.namespaceURI !== SVG_NS) {
    throw new SvgRefusal(
      `it has an element outside SVG (<${element.nodeName}> in ${element.namespaceURI ?? 'no namespace'})`,
    )
  }
  if (!ELEMENTS.has(name)) throw new SvgRefusal(`it has a <${name}> element, which is not allowed in an SVG`)
  if (/^(animate|animateTransform|animateMotion|set)$/.test(name)) {
    const target = (element.getAttribute('attributeName') ?? '').trim().toLowerCase()
    if (/(^|:)href$/.test(target) || target.startsWith('on') || target === 'style') {
      throw new SvgRefusal(`it animates the "${target}" attribute (<${name}>), which could make a link or script`)
    }
  }
  for (const attribute of Array.from(element.attributes)) checkAttribute(element, attribute)
  if (name === 'style') checkCss(element.textContent ?? '', '<style>')
}

function checkAttribute(
  element: Element,
  attribute: { namespaceURI: string | null; localName: string | null; name: string; value: string },
): void {
  const { namespaceURI: ns, name, value } = attribute
  const local = attribute.localName ?? name
  if (ns === XMLNS_NS) {
    // A declaration alone does nothing; elements and attributes in other namespaces are refused.
    if (value !== SVG_NS && value !== XLINK_NS) element.removeAttributeNode(attribute as never)
    return
  }
  if (ns && EDITOR_NS.has(ns)) {
    element.removeAttributeNode(attribute as never)
    return
  }
  if (ns === XML_NS && (local === 'space' || local === 'lang')) return
  if (ns === XLINK_NS && local === 'href') return checkReference(element, value, name)
  if (ns === XLINK_NS && local === 'title') return
  if (ns) throw new SvgRefusal(`it has an attribute ${name} outside SVG`)
  if (/^on/i.test(local)) throw new SvgRefusal(`it has an event handler attribute (${name})`)
  if (!ATTRIBUTES.has(local))
    throw new SvgRefusal(`it has a "${name}" attribute on <${element.localName}>, which is not allowed`)
  if (local === 'href') return checkReference(element, value, name)
  if (local === 'style') return checkCss(value, `the style attribute of <${element.localName}>`)
  checkValue(value, name)
}

/** href may point inside the drawing (#id), or embed a raster picture in an <image>. */
function checkReference(element: Element, value: string, name: string): void {
  const target = value.trim()
  if (target.startsWith('#')) return
  if (element.localName === 'image' && INLINE_IMAGE.test(target)) return
  throw new SvgRefusal(`it refers to another document (${name}="${target.slice(0, 60)}")`)
}

/** Attribute values may use url() only for #fragments (gradients, clip paths, filters). */
function checkValue(value: string, where: string): void {
  const plain = value.replace(/[\s\p{Cc}]+/gu, '').toLowerCase()
  if (/(javascript|vbscript|data):/.test(plain)) throw new SvgRefusal(`it has a script or data URL in ${where}`)
  for (const match of plain.matchAll(/url\(/g)) {
    if (!/^url\(['"]?#/.test(plain.slice(match.index))) {
      throw new SvgRefusal(`it loads another resource with url() in ${where}`)
    }
  }
}

/** CSS that could load anything (@import, url() to a document, escapes that hide either) is refused. */
function checkCss(css: string, where: string): void {
  if (css.includes('\\')) throw new SvgRefusal(`it has CSS escapes in ${where}`)
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, '').toLowerCase()
  if (plain.includes('@import')) throw new SvgRefusal(`it imports a stylesheet (@import) in ${where}`)
  if (/expression\(|-moz-binding|behavior\s*:/.test(plain)) throw new SvgRefusal(`it has scripted CSS in ${where}`)
  checkValue(plain, where)
}
