import { Prisma, type PrismaClient } from "@/lib/db/generated/client";
import type { HtsLine } from "./types";

/**
 * Writing HTS lines in bulk, for the seed (./seed) and the revision importer (./hts-import).
 * Apart from the seed so that the importer, which the job registry (and so the app's timer)
 * loads, does not carry the committed tables' JSON with it.
 */
type Db = PrismaClient | Prisma.TransactionClient;

/** Rows per INSERT: 5,000 lines are one statement of nine array parameters. */
const LINES_PER_INSERT = 5000;

/**
 * Inserts HTS lines with one statement per 5,000 lines (column arrays unnested in SQL), not
 * one bound row at a time: the whole schedule (23,000 lines) loads in a few seconds on the
 * embedded database (docs/tariffs.md, "Tables"). Chapter 99 references and units travel as
 * text joined with a separator no code or unit contains, and are split back in SQL.
 */
export async function insertHtsLines(db: Db, lines: readonly HtsLine[], releaseId: string): Promise<void> {
  for (let i = 0; i < lines.length; i += LINES_PER_INSERT) {
    const chunk = lines.slice(i, i + LINES_PER_INSERT);
    const col = <T>(f: (l: HtsLine) => T) => chunk.map(f);
    await db.$executeRaw(Prisma.sql`
      INSERT INTO hts_lines ("code", "digits", "description", "descriptionPath", "generalRateText", "generalAdValorem", "ch99Refs", "units", "categoryId", "releaseId")
      SELECT code, digits, description, path, rate, NULLIF(adv, '')::numeric, string_to_array(refs, '|'), string_to_array(units, '|'), category, ${releaseId}
      FROM unnest(${col((l) => l.code)}::text[], ${col((l) => l.digits)}::text[], ${col((l) => l.description)}::text[],
                  ${col((l) => l.descriptionPath)}::text[], ${col((l) => l.generalRateText)}::text[],
                  ${col((l) => (l.generalAdValorem === null ? "" : String(l.generalAdValorem)))}::text[],
                  ${col((l) => l.ch99Refs.join("|"))}::text[], ${col((l) => l.units.join("|"))}::text[], ${col((l) => l.categoryId)}::text[])
        AS t(code, digits, description, path, rate, adv, refs, units, category)
      ON CONFLICT ("code") DO NOTHING`);
  }
}
