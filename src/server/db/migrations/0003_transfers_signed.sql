ALTER TABLE "transfers" ADD COLUMN IF NOT EXISTS "signed_transaction" "bytea";--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN IF NOT EXISTS "last_valid_block_height" bigint;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN IF NOT EXISTS "failure_reason" text;