/**
 * Every answer that carries bytes a user or a token's metadata supplied (uploads, sized images,
 * metadata documents, drawn art named by a URL) goes out with these headers: opened on its own,
 * such a document is sandboxed (an opaque origin), runs nothing and loads nothing, and the
 * browser may not guess another type for it.
 */
export const UNTRUSTED_CONTENT_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox"

export function untrustedHeaders(headers: Record<string, string>): Record<string, string> {
  return { ...headers, 'content-security-policy': UNTRUSTED_CONTENT_POLICY, 'x-content-type-options': 'nosniff' }
}
