ALTER TABLE "tokens" ADD COLUMN "launch_market_share_bps" integer;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "launch_creator_buy_lamports" bigint;