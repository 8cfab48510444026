-- An alert references its shared evidence document by key, as a watch references its figures and
-- working: no foreign key. The check cost an index lookup and a row lock per alert written (one
-- measure writes 120,000 alerts over a million watches: docs/performance.md, "At scale on
-- PostgreSQL"). The nightly prune stays safe without it: it deletes only documents older than 2
-- days that no alert and no watch references, under an advisory lock that waits for the engine's
-- statements in flight (docs/alerts.md, "The stored projection").
ALTER TABLE "subscriber_alerts" DROP CONSTRAINT "subscriber_alerts_evidenceKey_fkey";
