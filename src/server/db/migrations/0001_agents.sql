CREATE TABLE "agent_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"user_id" text NOT NULL,
	"is_user" boolean NOT NULL,
	"content" text NOT NULL,
	"engine" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" text PRIMARY KEY NOT NULL,
	"token_id" text NOT NULL,
	"mint_address" text NOT NULL,
	"name" text NOT NULL,
	"specialty" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"avatar" text NOT NULL,
	"capabilities" text[] DEFAULT '{}' NOT NULL,
	"tier" text NOT NULL,
	"requirement_units" numeric(39, 0) NOT NULL,
	"response_style" text NOT NULL,
	"knowledge_notes" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_messages" ADD CONSTRAINT "agent_messages_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_messages" ADD CONSTRAINT "agent_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_messages_conversation" ON "agent_messages" USING btree ("agent_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "agents_mint" ON "agents" USING btree ("mint_address");--> statement-breakpoint
CREATE INDEX "agents_token" ON "agents" USING btree ("token_id");