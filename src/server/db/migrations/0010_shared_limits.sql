CREATE TABLE IF NOT EXISTS "shared_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_ms" bigint DEFAULT 0 NOT NULL,
	"expires_ms" bigint NOT NULL,
	"hits" bigint[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shared_limits_expires" ON "shared_limits" USING btree ("expires_ms");