import { z } from "zod";
import { text } from "./text";

// Path parameters are request text too: validated before anything reads them, so a
// malformed one is a 400 with a message, never a database error.

/** `:mint`: a base58 Solana address. */
export const MintParamsSchema = z.object({
  mint: text()
    .min(32, "Invalid mint address")
    .max(44, "Invalid mint address")
    .regex(/^[1-9A-HJ-NP-Za-km-z]+$/, "Invalid mint address"),
});

/** `:id`: one of our ids (UUIDs today; any short, plain text is looked up and may be absent). */
export const IdParamsSchema = z.object({
  id: text().min(1, "Invalid id").max(64, "Invalid id"),
});
