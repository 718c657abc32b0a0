DROP INDEX IF EXISTS "tokens_symbol_live";--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN IF NOT EXISTS "symbol_skeleton" text;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN IF NOT EXISTS "name_skeleton" text;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "tokens_symbol_skeleton_live" ON "tokens" USING btree ("symbol_skeleton") WHERE status <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "tokens_name_skeleton_live" ON "tokens" USING btree ("name_skeleton") WHERE status <> 'failed';
