CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text,
	"email" text,
	"password_hash" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_challenges" (
	"nonce" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"message" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"public_key" text NOT NULL,
	"kind" text NOT NULL,
	"encrypted_seed" "bytea",
	"wrapped_key" "bytea",
	"key_id" text,
	"key_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tagline" text DEFAULT '' NOT NULL,
	"total_supply" text NOT NULL,
	"decimals" integer NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"twitter" text DEFAULT '' NOT NULL,
	"discord" text DEFAULT '' NOT NULL,
	"creator_wallet" text NOT NULL,
	"mint_address" text NOT NULL,
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
CREATE TABLE "transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"mint_address" text NOT NULL,
	"from_wallet" text NOT NULL,
	"to_wallet" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"signature" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_public_key" ON "wallets" USING btree ("public_key");--> statement-breakpoint
CREATE INDEX "wallets_user" ON "wallets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tokens_mint" ON "tokens" USING btree ("mint_address");--> statement-breakpoint
CREATE UNIQUE INDEX "tokens_user_idem" ON "tokens" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "tokens_user" ON "tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tokens_symbol_live" ON "tokens" USING btree ("symbol") WHERE status <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_user_idem" ON "transfers" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "transfers_mint" ON "transfers" USING btree ("mint_address");