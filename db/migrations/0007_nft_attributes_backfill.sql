-- Fills nfts.attributes (added by 0006) from the nft_attributes rows of every existing token,
-- ordered by trait type as the writers keep it. (The ordered subquery rather than an ORDER BY
-- inside json_group_array: sqld's SQLite does not parse the latter.)
UPDATE nfts SET attributes = (
  SELECT json_group_array(json_object('trait_type', trait_type, 'value', value))
  FROM (SELECT trait_type, value FROM nft_attributes WHERE nft_id = nfts.id ORDER BY trait_type)
) WHERE EXISTS (SELECT 1 FROM nft_attributes WHERE nft_id = nfts.id);
