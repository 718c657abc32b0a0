CREATE TABLE IF NOT EXISTS "balance_changes" (
	"signature" text NOT NULL,
	"mint" text NOT NULL,
	"owner" text NOT NULL,
	"delta" numeric(21, 0) NOT NULL,
	"balance_after" numeric(20, 0) NOT NULL,
	"slot" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	CONSTRAINT "balance_changes_signature_mint_owner_pk" PRIMARY KEY("signature","mint","owner")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "holders" (
	"mint" text NOT NULL,
	"owner" text NOT NULL,
	"balance" numeric(20, 0) NOT NULL,
	"first_held_at" timestamp with time zone,
	"last_zero_at" timestamp with time zone,
	"last_slot" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "holders_mint_owner_pk" PRIMARY KEY("mint","owner")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "indexer_cursors" (
	"mint" text PRIMARY KEY NOT NULL,
	"last_signature" text,
	"last_slot" bigint DEFAULT 0 NOT NULL,
	"backfilled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "market_trades" (
	"id" text PRIMARY KEY NOT NULL,
	"mint" text NOT NULL,
	"user_id" text,
	"trader" text NOT NULL,
	"side" text NOT NULL,
	"curve_sol" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"creator_fee" bigint NOT NULL,
	"platform_fee" bigint NOT NULL,
	"fee_bps" integer NOT NULL,
	"tokens" numeric(20, 0) NOT NULL,
	"virtual_sol_after" bigint NOT NULL,
	"virtual_token_after" numeric(20, 0) NOT NULL,
	"real_sol_after" bigint NOT NULL,
	"real_token_after" numeric(20, 0) NOT NULL,
	"in_launch_window" boolean DEFAULT false NOT NULL,
	"creator_buy" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"signature" text,
	"signed_transaction" "bytea",
	"last_valid_block_height" bigint,
	"failure_reason" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "markets" (
	"mint" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"creator_user_id" text NOT NULL,
	"creator_wallet" text NOT NULL,
	"vault" text NOT NULL,
	"vault_encrypted_seed" "bytea" NOT NULL,
	"vault_wrapped_key" "bytea" NOT NULL,
	"vault_key_id" text NOT NULL,
	"vault_key_version" integer NOT NULL,
	"vault_rent_lamports" bigint NOT NULL,
	"curve_share_bps" integer NOT NULL,
	"virtual_sol" bigint NOT NULL,
	"virtual_token" numeric(20, 0) NOT NULL,
	"real_sol" bigint NOT NULL,
	"real_token" numeric(20, 0) NOT NULL,
	"initial_real_token" numeric(20, 0) NOT NULL,
	"creator_buy_tokens" numeric(20, 0) DEFAULT 0 NOT NULL,
	"fees_creator_lamports" bigint DEFAULT 0 NOT NULL,
	"fees_platform_lamports" bigint DEFAULT 0 NOT NULL,
	"signature" text,
	"signed_transaction" "bytea",
	"last_valid_block_height" bigint,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "market_trades" ADD CONSTRAINT "market_trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "balance_changes_mint_time" ON "balance_changes" USING btree ("mint","block_time");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "balance_changes_owner_time" ON "balance_changes" USING btree ("owner","block_time");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "holders_mint_balance" ON "holders" USING btree ("mint","balance");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "market_trades_user_idem" ON "market_trades" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "market_trades_signature" ON "market_trades" USING btree ("signature");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "market_trades_mint_confirmed" ON "market_trades" USING btree ("mint","confirmed_at") WHERE status = 'confirmed';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "market_trades_pending" ON "market_trades" USING btree ("status") WHERE status = 'pending';