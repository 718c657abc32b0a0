import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tokens } from "../../db/schema/index";
import { symbolSkeleton } from "../../lib/lookalike";

/** The query behind `isSymbolTaken`: the launch's own copycat check (a symbol whose skeleton
 * matches a live token's is refused), and its predicate is exactly the
 * tokens_symbol_skeleton_live index's, so it is one index lookup however many tokens exist. */
export function symbolInUseQuery(db: Db, symbol: string) {
  return db
    .select({ id: tokens.id })
    .from(tokens)
    .where(and(eq(tokens.symbolSkeleton, symbolSkeleton(symbol)), ne(tokens.status, "failed")))
    .limit(1);
}

/** Is a symbol (or one that looks like it) used by a token that is launched or being
 * launched? Failed launches free it. */
export async function isSymbolTaken(db: Db, symbol: string): Promise<boolean> {
  return (await symbolInUseQuery(db, symbol)).length > 0;
}
