CREATE TABLE "diagram_live_state" (
	"diagram_id" integer PRIMARY KEY NOT NULL,
	"state" "bytea" NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagram_live_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"diagram_id" integer NOT NULL,
	"update" "bytea" NOT NULL,
	"user_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diagram_versions" ADD COLUMN "authors" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "diagram_live_state" ADD CONSTRAINT "diagram_live_state_diagram_id_diagrams_id_fk" FOREIGN KEY ("diagram_id") REFERENCES "public"."diagrams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagram_live_updates" ADD CONSTRAINT "diagram_live_updates_diagram_id_diagrams_id_fk" FOREIGN KEY ("diagram_id") REFERENCES "public"."diagrams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagram_live_updates" ADD CONSTRAINT "diagram_live_updates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diagram_live_updates_diagram_idx" ON "diagram_live_updates" USING btree ("diagram_id","id");