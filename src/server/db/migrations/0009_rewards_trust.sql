CREATE TABLE IF NOT EXISTS "reward_mints" (
	"id" text PRIMARY KEY NOT NULL,
	"reward_id" text NOT NULL,
	"owner" text NOT NULL,
	"user_id" text,
	"nft_mint" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"member_number" integer,
	"signature" text,
	"signed_transaction" "bytea",
	"last_valid_block_height" bigint,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "rewards" (
	"id" text PRIMARY KEY NOT NULL,
	"token_mint" text NOT NULL,
	"creator_user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rarity" text NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"total_supply" integer NOT NULL,
	"soulbound" boolean DEFAULT false NOT NULL,
	"unlock_type" text NOT NULL,
	"unlock_amount" numeric(20, 0) NOT NULL,
	"unlock_days" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"auto_mint" boolean DEFAULT true NOT NULL,
	"collection_mint" text NOT NULL,
	"authority" text NOT NULL,
	"authority_encrypted_seed" "bytea" NOT NULL,
	"authority_wrapped_key" "bytea" NOT NULL,
	"authority_key_id" text NOT NULL,
	"authority_key_version" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"signature" text,
	"signed_transaction" "bytea",
	"last_valid_block_height" bigint,
	"failure_reason" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "token_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"token_mint" text NOT NULL,
	"user_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "trust_snapshots" (
	"mint" text NOT NULL,
	"day" text NOT NULL,
	"score" integer NOT NULL,
	"version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reward_mints" ADD CONSTRAINT "reward_mints_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_mints" ADD CONSTRAINT "reward_mints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_posts" ADD CONSTRAINT "token_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "reward_mints_one_per_owner" ON "reward_mints" USING btree ("reward_id","owner") WHERE status <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "reward_mints_nft" ON "reward_mints" USING btree ("nft_mint");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reward_mints_owner" ON "reward_mints" USING btree ("owner");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reward_mints_status" ON "reward_mints" USING btree ("status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rewards_token" ON "rewards" USING btree ("token_mint","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "rewards_collection" ON "rewards" USING btree ("collection_mint");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "rewards_creator_idem" ON "rewards" USING btree ("creator_user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "token_posts_token" ON "token_posts" USING btree ("token_mint","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "trust_snapshots_mint_day" ON "trust_snapshots" USING btree ("mint","day");