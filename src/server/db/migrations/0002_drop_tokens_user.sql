DROP INDEX IF EXISTS "tokens_user";
