/** The header's menu groups, the footer's link groups and the social links. */
import { CATEGORY_LABELS } from '../../db/schema/categories'

export interface MenuItem {
  id: string
  name: string
  path: string
  search?: Record<string, string>
  icon?: string
  isNew?: boolean
}
export interface MenuGroup {
  id: string
  title: string
  items: MenuItem[]
}

const homeNames: Record<number, string> = {
  7: 'Crypto Consultant',
  8: 'NFT Game',
  9: 'DAO Platform',
  10: 'Crypto App',
  11: 'Crypto Trading',
  12: 'ICO Landing',
}

export const HOME_VARIANTS = Array.from({ length: 12 }, (_, i) => i + 1)

export const MENU: MenuGroup[] = [
  {
    id: 'home',
    title: 'Home',
    items: HOME_VARIANTS.map((n) => ({
      id: `home-${n}`,
      name: homeNames[n] ?? `Home ${n}`,
      path: n === 1 ? '/' : `/home/home_${n}`,
      isNew: n >= 7,
    })),
  },
  {
    id: 'pages',
    title: 'Pages',
    items: [
      { id: 'maintenance', name: 'Maintenance', path: '/maintenance', isNew: true },
      { id: 'case-studies', name: 'Case Studies', path: '/case-studies', isNew: true },
      { id: 'case-study', name: 'Case Study', path: '/case-studies/case_study_1', isNew: true },
      { id: 'careers', name: 'Careers', path: '/careers', isNew: true },
      { id: 'item', name: 'Item Details', path: '/item/item_20' },
      { id: 'explore-collection', name: 'Explore Collections', path: '/collection/explore_collection' },
      { id: 'collection', name: 'Collection', path: '/collection/avatar_1' },
      { id: 'activity', name: 'Activity', path: '/activity' },
      { id: 'rankings', name: 'Rankings', path: '/rankings' },
      { id: 'user', name: 'User', path: '/user/avatar_6' },
      { id: 'edit-profile', name: 'Edit Profile', path: '/profile/user_avatar' },
      { id: 'about', name: 'About', path: '/about' },
      { id: 'contact', name: 'Contact', path: '/contact' },
      { id: 'wallet', name: 'Wallet', path: '/wallet' },
      { id: 'login', name: 'Login', path: '/login' },
      { id: 'page-404', name: 'Page 404', path: '/404' },
      { id: 'terms', name: 'Terms of Service', path: '/terms' },
    ],
  },
  {
    id: 'explore',
    title: 'Explore',
    items: [
      { id: 'all', name: 'All NFTs', path: '/collection/explore_collection', icon: 'grid' },
      {
        id: 'photography',
        name: CATEGORY_LABELS.photography,
        path: '/collection/explore_collection',
        search: { category: 'photography' },
        icon: 'camera',
      },
      { id: 'art', name: CATEGORY_LABELS.art, path: '/art', icon: 'palette' },
      { id: 'sports', name: CATEGORY_LABELS.sports, path: '/sports', icon: 'ball' },
      { id: 'collectibles', name: CATEGORY_LABELS.collectibles, path: '/collectibles', icon: 'gem' },
      { id: 'trading-cards', name: CATEGORY_LABELS['trading-cards'], path: '/trading-cards', icon: 'cards' },
      { id: 'domain-names', name: CATEGORY_LABELS['domain-names'], path: '/domain-names', icon: 'globe' },
      { id: 'utility', name: CATEGORY_LABELS.utility, path: '/utility', icon: 'key' },
      { id: 'virtual-worlds', name: CATEGORY_LABELS['virtual-worlds'], path: '/virtual-worlds', icon: 'planet' },
    ],
  },
  {
    id: 'resources',
    title: 'Resources',
    items: [
      { id: 'help', name: 'Help Center', path: '/help-center' },
      { id: 'status', name: 'Platform Status', path: '/platform_status' },
      { id: 'partners', name: 'Partners', path: '/partners' },
      { id: 'blog', name: 'Blog', path: '/blog' },
      { id: 'post', name: 'Single Post', path: '/blog/post_1' },
      { id: 'newsletter', name: 'Newsletter', path: '/newsletter' },
    ],
  },
]

/** The category pages of the Explore group, by route. */
export const CATEGORY_ROUTES = {
  art: 'art',
  sports: 'sports',
  collectibles: 'collectibles',
  'trading-cards': 'trading-cards',
  'domain-names': 'domain-names',
  utility: 'utility',
  'virtual-worlds': 'virtual-worlds',
} as const

export type HeaderVariant = 'default' | 'transparent' | 'status' | 'game'

/** Which header a route gets. */
export function headerVariant(pathname: string): HeaderVariant {
  if (['/home/home_3', '/home/home_9', '/maintenance', '/home/home_12'].includes(pathname)) return 'transparent'
  if (pathname === '/platform_status') return 'status'
  if (pathname === '/home/home_8') return 'game'
  return 'default'
}

/** The menu group and item a path belongs to, for highlighting. */
export function activeMenu(pathname: string): { group?: string; item?: string } {
  for (const group of MENU) {
    const item = group.items.find((i) => i.path === pathname && !i.search)
    if (item) return { group: group.id, item: item.id }
  }
  if (pathname.startsWith('/item/')) return { group: 'pages', item: 'item' }
  if (pathname.startsWith('/user/')) return { group: 'pages', item: 'user' }
  if (pathname.startsWith('/profile/')) return { group: 'pages', item: 'edit-profile' }
  if (pathname.startsWith('/collection/')) return { group: 'pages', item: 'collection' }
  if (pathname.startsWith('/case-studies/')) return { group: 'pages', item: 'case-study' }
  if (pathname.startsWith('/blog/')) return { group: 'resources', item: 'post' }
  return {}
}

export interface FooterGroup {
  id: string
  title: string
  links: { id: string; href: string; text: string }[]
}

/** The footer's link groups, each to a real page (never '#'). */
export const FOOTER: FooterGroup[] = [
  {
    id: 'account',
    title: 'My Account',
    links: [
      { id: 'profile', href: '/login', text: 'Profile' },
      { id: 'favorites', href: '/login', text: 'Favorites' },
      { id: 'settings', href: '/wallet', text: 'Settings' },
      { id: 'edit-profile', href: '/login', text: 'Edit Profile' },
      { id: 'sign-out', href: '/login', text: 'Sign Out' },
    ],
  },
  {
    id: 'quick',
    title: 'Quick Links',
    links: [
      { id: 'explore', href: '/collection/explore_collection', text: 'Explore' },
      { id: 'faq', href: '/help-center', text: 'FAQ' },
      { id: 'collections', href: '/rankings', text: 'Collections' },
      { id: 'home', href: '/', text: 'Home' },
    ],
  },
  {
    id: 'company',
    title: 'Company',
    links: [
      { id: 'about', href: '/about', text: 'About' },
      { id: 'contact', href: '/contact', text: 'Contact Us' },
      { id: 'support', href: '/help-center', text: 'Support' },
      { id: 'legal-notice', href: '/legal-notice', text: 'Legal notice' },
    ],
  },
  {
    id: 'vitrine',
    title: 'Vitrine',
    links: [
      { id: 'store', href: '/collection/explore_collection', text: 'Store' },
      { id: 'elite', href: '/rankings', text: 'Elite Club' },
      { id: 'radio', href: '/blog', text: 'Radio' },
      { id: 'token', href: '/home/home_12', text: 'Buy Token' },
    ],
  },
]

/** Social profiles: configure real URLs here; the sketch's 'discord' link pointed to Instagram. */
export const SOCIAL = [
  { id: 'telegram', label: 'Telegram', href: 'https://t.me/vitrine_nft' },
  { id: 'twitter', label: 'Twitter', href: 'https://x.com/vitrine_nft' },
  { id: 'discord', label: 'Discord', href: 'https://discord.gg/vitrine' },
  { id: 'instagram', label: 'Instagram', href: 'https://instagram.com/vitrine_nft' },
  { id: 'tiktok', label: 'TikTok', href: 'https://tiktok.com/@vitrine_nft' },
] as const
