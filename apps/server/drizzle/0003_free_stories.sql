ALTER TABLE "credit_accounts" ADD COLUMN "free_stories_left" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "free_story" boolean DEFAULT false NOT NULL;