-- Fills nfts.attributes (added by 0006) from the nft_attributes rows of every existing token,
-- ordered by trait type as the writers keep it.
UPDATE nfts SET attributes = (
  SELECT json_group_array(json_object('trait_type', trait_type, 'value', value) ORDER BY trait_type)
  FROM nft_attributes WHERE nft_id = nfts.id
) WHERE EXISTS (SELECT 1 FROM nft_attributes WHERE nft_id = nfts.id);
