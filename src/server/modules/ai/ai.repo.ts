import { and, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tokens } from "../../db/schema/index";

/** Is a symbol used by a token that is launched or being launched? Failed launches free it. */
export async function isSymbolTaken(db: Db, symbol: string): Promise<boolean> {
  const rows = await db
    .select({ id: tokens.id })
    .from(tokens)
    .where(
      and(
        sql`upper(${tokens.symbol}) = ${symbol.toUpperCase()}`,
        inArray(tokens.status, ["pending", "active"]),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
