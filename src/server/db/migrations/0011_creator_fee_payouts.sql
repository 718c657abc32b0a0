CREATE TABLE IF NOT EXISTS "creator_fee_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"creator_wallet" text NOT NULL,
	"lamports" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"signature" text,
	"signed_transaction" "bytea",
	"last_valid_block_height" bigint,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "market_trades" ADD COLUMN IF NOT EXISTS "creator_fee_payout_id" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "creator_fee_payouts_pending" ON "creator_fee_payouts" USING btree ("status") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "market_trades_owed_unpaid" ON "market_trades" USING btree ("mint") WHERE creator_fee_owed and creator_fee_payout_id is null and status = 'confirmed';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "market_trades_payout" ON "market_trades" USING btree ("creator_fee_payout_id") WHERE creator_fee_payout_id is not null;