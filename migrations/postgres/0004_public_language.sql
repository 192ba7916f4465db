-- The language of a match's public messages (the challenge, its answer, the result, notes
-- for players with closed DMs): everyone in the channel reads them, so they follow the
-- server's locale as Discord reports it, else the challenger's language. Decided once, when
-- the challenge is posted, so one match's public thread never switches language. NULL in
-- rows written before this column: readers fall back to the challenger's (South's) language.
ALTER TABLE challenges ADD COLUMN public_language TEXT CHECK (public_language IN ('en', 'ru'));
ALTER TABLE matches ADD COLUMN public_language TEXT CHECK (public_language IN ('en', 'ru'));
