/** The logo is 130×28 (its box is reserved, so the header never shifts). */
export function Logo() {
  return (
    <svg width="130" height="28" viewBox="0 0 130 28" role="img" aria-label="Vitrine">
      <defs>
        <linearGradient id="vitrine-logo" x1="0" x2="1" y1="0" y2="1">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#ec4899" />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="26" height="26" rx="7" fill="url(#vitrine-logo)" />
      <path
        d="M8 9l6 11 6-11"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <text x="36" y="20" fontFamily="system-ui, sans-serif" fontSize="18" fontWeight="700" fill="currentColor">
        Vitrine
      </text>
    </svg>
  )
}
