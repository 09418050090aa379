CREATE TABLE "bots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bot_enabled" boolean DEFAULT true NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"locked_reason" text,
	"redirection_enabled" boolean DEFAULT false NOT NULL,
	"redirection_phone" text DEFAULT '' NOT NULL,
	"bot_name" text NOT NULL,
	"bot_objective" text NOT NULL,
	"business_name" text NOT NULL,
	"business_desc" text DEFAULT '' NOT NULL,
	"business_url" text DEFAULT '' NOT NULL,
	"business_phone" text DEFAULT '' NOT NULL,
	"welcome_message" text DEFAULT '' NOT NULL,
	"about_bot" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"purpose" text NOT NULL,
	"tone" text DEFAULT 'Semiformal' NOT NULL,
	"personality" text DEFAULT 'Amigable' NOT NULL,
	"identity" text DEFAULT 'Inteligencia Artificial' NOT NULL,
	"response_length" text DEFAULT 'normal' NOT NULL,
	"timezone" text DEFAULT 'America/Mexico_City' NOT NULL,
	"scheduling" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reminders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"meta_credentials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"messenger_credentials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bots_user_idx" ON "bots" USING btree ("user_id","created_at") WHERE deleted_at is null;