CREATE TABLE "story_media_resources" (
	"id" text PRIMARY KEY NOT NULL,
	"story_id" text NOT NULL,
	"user_id" text NOT NULL,
	"resource_type" text NOT NULL,
	"subtype" text,
	"source" text NOT NULL,
	"shot_id" text,
	"url" text NOT NULL,
	"thumbnail_url" text,
	"title" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"configs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "story_media_resources" ADD CONSTRAINT "story_media_resources_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_media_resources" ADD CONSTRAINT "story_media_resources_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "story_media_resources_story_idx" ON "story_media_resources" USING btree ("story_id","created_at");--> statement-breakpoint
CREATE INDEX "story_media_resources_user_idx" ON "story_media_resources" USING btree ("user_id","created_at");