-- Trending ranks by the 24h volume change (db/stats.ts): rows written under the earlier key
-- (24h volume times its momentum) take the new one from the stats they already hold. A
-- collection without volume the day before sorts below every change, by its 24h volume.
UPDATE collections SET trending_sort = coalesce(change_24h, -1e12 + volume_24h_sort);
