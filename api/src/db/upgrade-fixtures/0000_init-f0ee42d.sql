CREATE SEQUENCE "public"."system_event_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_id" integer NOT NULL,
	"template" text,
	"title" text,
	"text" text,
	"from_time" text,
	"to_time" text,
	"expires_at" timestamp with time zone,
	"cleared_at" timestamp with time zone,
	"created_by" integer,
	"cleared_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_files" (
	"key" text PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_id" integer NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"type" integer NOT NULL,
	"width" integer,
	"height" integer,
	"page_count" integer DEFAULT 1 NOT NULL,
	"page" integer DEFAULT 1 NOT NULL,
	"offset_x" double precision DEFAULT 0 NOT NULL,
	"offset_y" double precision DEFAULT 0 NOT NULL,
	"scale" double precision DEFAULT 1 NOT NULL,
	"slot" text,
	"storage_key" text NOT NULL,
	"cropped_key" text,
	"has_cropped" boolean DEFAULT false NOT NULL,
	"crop_version" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_approve_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_id" integer NOT NULL,
	"number" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"expiration_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_id" integer NOT NULL,
	"user_id" integer,
	"slot" text NOT NULL,
	"type" text NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone,
	"duration" integer DEFAULT 30,
	"schedule" jsonb,
	"approved" boolean DEFAULT true,
	"is_template" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"template_id" text,
	"template_text" text,
	"asset_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_id" integer NOT NULL,
	"owner_id" integer,
	"text" text NOT NULL,
	"icon" text DEFAULT 'information' NOT NULL,
	"icon_color" text DEFAULT '#019939' NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"end" timestamp with time zone,
	"sticky" boolean DEFAULT false NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"schedule" jsonb,
	"source" text DEFAULT 'console' NOT NULL,
	"sms_message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transit_stops" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_id" integer NOT NULL,
	"stop_id" text NOT NULL,
	"label" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "display_deliveries" (
	"display_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"shown_at" timestamp with time zone NOT NULL,
	"content_version" text,
	CONSTRAINT "display_deliveries_display_id_kind_item_id_pk" PRIMARY KEY("display_id","kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "display_health" (
	"display_id" integer PRIMARY KEY NOT NULL,
	"player_version" text,
	"screen_width" integer,
	"screen_height" integer,
	"content_version" text,
	"content_reported_at" timestamp with time zone,
	"last_heartbeat_at" timestamp with time zone,
	"first_heartbeat_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"disconnected_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"screenshot_requested_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "display_heartbeats" (
	"display_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	CONSTRAINT "display_heartbeats_display_id_bucket_pk" PRIMARY KEY("display_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "display_screenshots" (
	"display_id" integer PRIMARY KEY NOT NULL,
	"mime_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"taken_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"parent_id" integer,
	"orgnum" text,
	"street" text,
	"zip" text,
	"city" text,
	"phone_number" text,
	"display_information" text,
	"orientation" integer DEFAULT 0 NOT NULL,
	"code_word" text,
	"show_code_word" boolean DEFAULT true NOT NULL,
	"note_board_background_color" text DEFAULT '#e0d6d0' NOT NULL,
	"banner_fallback_text" text,
	"large_print" boolean,
	"sms_daily_reply_limit" integer DEFAULT 5 NOT NULL,
	"sms_monthly_budget" integer DEFAULT 300 NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"services" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"api_key" text,
	"api_key_version" integer DEFAULT 0 NOT NULL,
	"layout_id" text,
	"quiet_hours" jsonb,
	"registered_at" timestamp with time zone,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"auto_approve" boolean DEFAULT false NOT NULL,
	"sms_notifications" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_sequences" (
	"entity_id" integer PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"entity_id" integer,
	"seq" integer NOT NULL,
	"data" jsonb NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "history" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"entity_id" integer,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"subject_id" integer,
	"actor_id" integer,
	"source" text NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instance" (
	"id" integer PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_approval_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"note_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"phone" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"decision" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_cap_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"period" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"from" text NOT NULL,
	"to" text,
	"text" text NOT NULL,
	"raw" jsonb NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"entity_id" integer,
	"note_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"number" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbound" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"entity_id" integer,
	"organization_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"provider" text,
	"provider_message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sending_at" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "installation" (
	"id" integer PRIMARY KEY NOT NULL,
	"admin_user_id" integer NOT NULL,
	"root_entity_id" integer NOT NULL,
	"master_display_id" integer NOT NULL,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text DEFAULT 'reset' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"phone_number" text,
	"language" text DEFAULT 'no' NOT NULL,
	"admin" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_approve_numbers" ADD CONSTRAINT "auto_approve_numbers_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_stops" ADD CONSTRAINT "transit_stops_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "display_deliveries" ADD CONSTRAINT "display_deliveries_display_id_entities_id_fk" FOREIGN KEY ("display_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "display_health" ADD CONSTRAINT "display_health_display_id_entities_id_fk" FOREIGN KEY ("display_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "display_heartbeats" ADD CONSTRAINT "display_heartbeats_display_id_entities_id_fk" FOREIGN KEY ("display_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "display_screenshots" ADD CONSTRAINT "display_screenshots_display_id_entities_id_fk" FOREIGN KEY ("display_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_parent_id_entities_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permissions" ADD CONSTRAINT "permissions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permissions" ADD CONSTRAINT "permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_active_idx" ON "alerts" USING btree ("entity_id") WHERE "alerts"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "contents_entity_slot_idx" ON "contents" USING btree ("entity_id","slot");--> statement-breakpoint
CREATE INDEX "notes_entity_idx" ON "notes" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "display_deliveries_item_idx" ON "display_deliveries" USING btree ("kind","item_id");--> statement-breakpoint
CREATE INDEX "entities_parent_idx" ON "entities" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "entities_code_word_idx" ON "entities" USING btree (lower("code_word")) WHERE "entities"."deleted" = false and "entities"."code_word" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "permissions_entity_user_idx" ON "permissions" USING btree ("entity_id","user_id");--> statement-breakpoint
CREATE INDEX "permissions_user_idx" ON "permissions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "events_unsent_idx" ON "events" USING btree ("created_at") WHERE sent_at is null;--> statement-breakpoint
CREATE INDEX "events_entity_idx" ON "events" USING btree ("entity_id","seq");--> statement-breakpoint
CREATE INDEX "history_entity_idx" ON "history" USING btree ("entity_id","id");--> statement-breakpoint
CREATE INDEX "history_created_idx" ON "history" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sms_approval_codes_code_idx" ON "sms_approval_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_approval_codes_note_user_idx" ON "sms_approval_codes" USING btree ("note_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_cap_notices_idx" ON "sms_cap_notices" USING btree ("organization_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_provider_message_idx" ON "sms_messages" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_outbound_key_idx" ON "sms_outbound" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sms_outbound_to_idx" ON "sms_outbound" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbound_org_idx" ON "sms_outbound" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));