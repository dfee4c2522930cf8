-- Trigram matching makes product search typo-tolerant (DECISIONS: "typo-tolerant" search).
-- It must exist before the first gin_trgm_ops index. pg_trgm is a trusted extension, so a database
-- owner without superuser rights can create it; PGlite loads it through openDatabase().
CREATE EXTENSION IF NOT EXISTS pg_trgm;
