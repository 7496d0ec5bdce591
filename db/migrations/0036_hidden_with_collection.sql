-- A token added to a collection already hidden or marked spam is left out of the lists with the
-- rest of it, whichever path adds it (an import, a mint, a lazy mint, the bulk loader).
CREATE TRIGGER `nfts_hidden_with_collection` AFTER INSERT ON `nfts`
WHEN NEW.hidden = 0 AND EXISTS (
  SELECT 1 FROM `collections` c WHERE c.id = NEW.collection_id AND (c.hidden_by IS NOT NULL OR c.spam_by IS NOT NULL)
)
BEGIN
  UPDATE `nfts` SET `hidden` = 1 WHERE `id` = NEW.id;
END;
