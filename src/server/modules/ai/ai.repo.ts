import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tokens } from "../../db/schema/index";

/** The query behind `isSymbolTaken`. Symbols are stored upper-cased (the shared token
 * schema), and its predicate is exactly the tokens_symbol_live index's, so it is one index
 * lookup however many tokens exist. */
export function symbolInUseQuery(db: Db, symbol: string) {
  return db
    .select({ id: tokens.id })
    .from(tokens)
    .where(and(eq(tokens.symbol, symbol.toUpperCase()), ne(tokens.status, "failed")))
    .limit(1);
}

/** Is a symbol used by a token that is launched or being launched? Failed launches free it. */
export async function isSymbolTaken(db: Db, symbol: string): Promise<boolean> {
  return (await symbolInUseQuery(db, symbol)).length > 0;
}
