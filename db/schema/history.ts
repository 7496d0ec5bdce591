import { primaryKey, integer, sqliteTable } from 'drizzle-orm/sqlite-core'
import { wei } from './columns'
import { collections } from './collections'

/**
 * A collection's floor over time, one row per hour in which it changed (listings do not record
 * when they stopped being live, so the history is kept as it happens). `hour` is the start of the
 * hour (ms since the epoch, UTC). `lowWei` is the lowest floor written during the hour (null: none
 * was, only "nothing listed"); `floorWei` the floor after the hour's last change, which holds in
 * the hours after it until the next row (null: nothing listed). Written by refreshCollectionCounts
 * and refreshCollectionStats in the transaction that recomputes the floor (db/market/stats.ts).
 */
export const collectionFloors = sqliteTable(
  'collection_floors',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    hour: integer('hour').notNull(),
    lowWei: wei('low_wei'),
    floorWei: wei('floor_wei'),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.hour] })],
)
