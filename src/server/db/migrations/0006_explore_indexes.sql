CREATE INDEX IF NOT EXISTS "holders_updated_at" ON "holders" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "market_trades_confirmed_at" ON "market_trades" USING btree ("confirmed_at") WHERE status = 'confirmed';
