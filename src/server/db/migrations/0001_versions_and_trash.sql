CREATE TABLE "diagram_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"diagram_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"saved_by" integer,
	"kind" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diagrams" ADD COLUMN "deleted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "diagram_versions" ADD CONSTRAINT "diagram_versions_diagram_id_diagrams_id_fk" FOREIGN KEY ("diagram_id") REFERENCES "public"."diagrams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagram_versions" ADD CONSTRAINT "diagram_versions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diagram_versions_diagram_idx" ON "diagram_versions" USING btree ("diagram_id","created_at");--> statement-breakpoint
CREATE INDEX "diagrams_deleted_idx" ON "diagrams" USING btree ("deleted_at") WHERE "diagrams"."deleted_at" is not null;