CREATE TABLE "job_crashes" (
	"job_id" text PRIMARY KEY NOT NULL,
	"crashes" integer NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_blobs" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"story_id" text,
	"kind" text NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "play_sessions" ADD COLUMN "viewer_key" text;--> statement-breakpoint
ALTER TABLE "story_events" ADD COLUMN "viewer_key" text;--> statement-breakpoint
ALTER TABLE "media_blobs" ADD CONSTRAINT "media_blobs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_blobs" ADD CONSTRAINT "media_blobs_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_blobs_user_idx" ON "media_blobs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "media_blobs_story_idx" ON "media_blobs" USING btree ("story_id");