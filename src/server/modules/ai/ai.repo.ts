import { and, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tokens } from "../../db/schema/index";
import { famousSymbol } from "../../lib/famous-lookalike";
import { symbolSkeleton } from "../../lib/lookalike";

/** The query behind `takenSymbols`: the skeletons among `skeletons` that a token launched or
 * being launched has (the launch's own copycat check refuses a symbol whose skeleton matches a
 * live token's). Its predicate is exactly the tokens_symbol_skeleton_live index's, so it is
 * one index lookup per skeleton however many tokens exist. */
export function takenSkeletonsQuery(db: Db, skeletons: string[]) {
  return db
    .select({ skeleton: tokens.symbolSkeleton })
    .from(tokens)
    .where(and(inArray(tokens.symbolSkeleton, skeletons), ne(tokens.status, "failed")));
}

/** Which of `symbols` (or ones that look like them) are used by a token that is launched or
 * being launched, in one query, or belong to a well-known token (the launch refuses those
 * too). Failed launches free theirs. */
export async function takenSymbols(db: Db, symbols: string[]): Promise<Set<string>> {
  if (!symbols.length) return new Set();
  const skeletons = symbols.map((s) => symbolSkeleton(s));
  const used = new Set((await takenSkeletonsQuery(db, [...new Set(skeletons)])).map((r) => r.skeleton));
  return new Set(symbols.filter((s, i) => used.has(skeletons[i] as string) || famousSymbol(s)));
}
