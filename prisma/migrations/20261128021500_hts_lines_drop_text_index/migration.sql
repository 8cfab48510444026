-- The product search reads the HTS lines once per law and searches them in process memory
-- (docs/search.md): nothing queries the full-text index any more, and it cost every load of
-- the schedule (23,000 lines) and the database's memory.
DROP INDEX IF EXISTS "hts_lines_search_idx";
