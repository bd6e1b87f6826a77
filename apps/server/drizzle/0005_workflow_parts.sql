CREATE TABLE "workflow_parts" (
	"run_id" text NOT NULL,
	"step_index" integer NOT NULL,
	"part_index" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"result" jsonb,
	"worker_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_parts_run_id_step_index_part_index_pk" PRIMARY KEY("run_id","step_index","part_index")
);
--> statement-breakpoint
ALTER TABLE "workflow_parts" ADD CONSTRAINT "workflow_parts_run_id_workflow_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."workflow_runs"("id") ON DELETE cascade ON UPDATE no action;