ALTER TABLE "market_trades" ADD COLUMN IF NOT EXISTS "creator_fee_owed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN IF NOT EXISTS "creator_buy_lamports" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN IF NOT EXISTS "fees_creator_owed_lamports" bigint DEFAULT 0 NOT NULL;