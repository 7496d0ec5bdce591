import type { Category } from '../schema'

/** Hand-written collection names and blurbs, four per category, so the seed reads like a real marketplace. */
export const COLLECTIONS: Record<Category, { name: string; noun: string; blurb: string }[]> = {
  art: [
    { name: 'Chromatic Reveries', noun: 'Reverie', blurb: 'Generative color fields that drift between dusk and dawn.' },
    { name: 'Lumen Gardens', noun: 'Bloom', blurb: 'Luminous botanical studies grown from a single seed of code.' },
    {
      name: 'Quiet Geometry',
      noun: 'Form',
      blurb: 'Minimal compositions exploring balance, rhythm and negative space.',
    },
    { name: 'Neon Cathedrals', noun: 'Nave', blurb: 'Imagined sacred architecture lit by electric stained glass.' },
  ],
  photography: [
    { name: 'Salt & Silver', noun: 'Plate', blurb: 'Coastal long exposures printed from hand-developed negatives.' },
    {
      name: 'Night Shift Tokyo',
      noun: 'Frame',
      blurb: 'Street photography from the hours between last train and sunrise.',
    },
    { name: 'High Desert Light', noun: 'Vista', blurb: 'Large-format landscapes of the American Southwest.' },
    {
      name: 'Faces of the Market',
      noun: 'Portrait',
      blurb: 'Portraits of vendors from twelve markets on four continents.',
    },
  ],
  sports: [
    { name: 'Golden Goals', noun: 'Goal', blurb: 'Historic goals reimagined as animated keepsakes.' },
    {
      name: 'Courtside Legends',
      noun: 'Legend',
      blurb: 'Signature moments from the hardwood, minted with the players.',
    },
    { name: 'Peloton Moments', noun: 'Stage', blurb: 'Mountain stages and sprint finishes from the grand tours.' },
    { name: 'Fight Night Archive', noun: 'Round', blurb: 'Iconic rounds from a century of championship boxing.' },
  ],
  collectibles: [
    { name: 'Pocket Astronauts', noun: 'Astronaut', blurb: 'Ten thousand tiny explorers, each with a mission patch.' },
    { name: 'Mecha Kittens', noun: 'Kitten', blurb: 'Armored felines with upgradeable parts and big opinions.' },
    { name: 'Lost Relics', noun: 'Relic', blurb: 'Artifacts recovered from a civilisation that never existed.' },
    { name: 'Pixel Pets', noun: 'Pet', blurb: 'Low-res companions with high-res personalities.' },
  ],
  'trading-cards': [
    { name: 'Arcane Duelists', noun: 'Card', blurb: 'A living card game whose cards are owned by their players.' },
    { name: 'Starforge Tactics', noun: 'Unit', blurb: 'Collectible fleet cards for the Starforge strategy league.' },
    { name: 'Mythic Beasts TCG', noun: 'Beast', blurb: 'Creatures of folklore, foil-stamped on chain.' },
    { name: 'Rookie Season', noun: 'Rookie', blurb: 'First-year athlete cards with on-chain stat lines.' },
  ],
  'domain-names': [
    { name: 'Vault Names', noun: 'Name', blurb: 'Short, memorable wallet names that resolve everywhere.' },
    { name: 'Three Letter Club', noun: 'Handle', blurb: 'Every three-letter handle, claimable once.' },
    { name: 'Emoji Domains', noun: 'Domain', blurb: 'Wallet addresses you can say with a single emoji.' },
    { name: 'Numbers Registry', noun: 'Number', blurb: 'Numeric names from 000 to 9999.' },
  ],
  utility: [
    { name: 'Backstage Pass', noun: 'Pass', blurb: 'Membership passes for concerts, drops and studio sessions.' },
    { name: 'Builder Keys', noun: 'Key', blurb: 'Access keys to a co-working guild in nine cities.' },
    { name: 'Harvest Season Tickets', noun: 'Ticket', blurb: 'Seasonal tickets to a regenerative farm collective.' },
    { name: 'Summit Badges', noun: 'Badge', blurb: 'Proof of attendance for the Summit conference series.' },
  ],
  'virtual-worlds': [
    { name: 'Aether Isles', noun: 'Parcel', blurb: 'Floating land parcels in a persistent sky world.' },
    { name: 'Neon District', noun: 'Lot', blurb: 'City lots in a cyberpunk metaverse, ready to build on.' },
    { name: 'Deep Reef Habitats', noun: 'Habitat', blurb: 'Underwater homes in an ocean-floor world.' },
    { name: 'Orbital Stations', noun: 'Module', blurb: 'Modular space stations orbiting a shared planet.' },
  ],
}

export const TRAITS: Record<string, readonly string[]> = {
  Background: ['Midnight', 'Coral', 'Mint', 'Sand', 'Lavender', 'Graphite', 'Sky', 'Ember'],
  Palette: ['Pastel', 'Neon', 'Monochrome', 'Earth', 'Ocean', 'Sunset'],
  Shape: ['Circle', 'Prism', 'Wave', 'Grid', 'Spiral', 'Shard'],
  Rarity: ['Common', 'Common', 'Common', 'Uncommon', 'Uncommon', 'Rare', 'Epic', 'Legendary'],
  Mood: ['Calm', 'Electric', 'Dreamy', 'Bold', 'Mysterious'],
}

export const HANDLE_FIRST = [
  'nova',
  'pixel',
  'lumen',
  'cipher',
  'aurora',
  'echo',
  'quartz',
  'velvet',
  'ember',
  'orbit',
  'saffron',
  'delta',
  'atlas',
  'juniper',
  'onyx',
  'kite',
  'marlo',
  'sora',
  'indigo',
  'fable',
]
export const HANDLE_SECOND = [
  'fox',
  'atelier',
  'studio',
  'collector',
  'whale',
  'maker',
  'dao',
  'labs',
  'gallery',
  'punk',
  'mint',
  'vault',
  'works',
  'archive',
  'club',
  'ape',
  'degen',
  'curator',
]
export const BIOS = [
  'Collector of generative art and quiet geometry.',
  'Photographer minting my archive one frame at a time.',
  'Building worlds, one parcel at a time.',
  'Early supporter of on-chain artists. Never selling.',
  'Designer by day, degen by night.',
  'Curating the weird corners of the chain.',
  'Card game enthusiast and tournament organiser.',
]

/** Chains the seed spreads collections over: Ethereum, Base and Sepolia. */
export const SEED_CHAINS = [1, 8453, 11155111] as const
