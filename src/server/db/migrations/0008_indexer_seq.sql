ALTER TABLE "balance_changes" ADD COLUMN IF NOT EXISTS "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "balance_changes_mint_seq" ON "balance_changes" USING btree ("mint","seq");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "balance_changes_owner_seq" ON "balance_changes" USING btree ("owner","seq");
