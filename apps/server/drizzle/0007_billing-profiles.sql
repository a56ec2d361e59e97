CREATE TABLE "billing_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"nome" text,
	"cognome" text,
	"denominazione" text,
	"codice_fiscale" text NOT NULL,
	"partita_iva" text NOT NULL,
	"indirizzo" text NOT NULL,
	"cap" text NOT NULL,
	"comune" text NOT NULL,
	"provincia" text NOT NULL,
	"nazione" text NOT NULL,
	"codice_destinatario" text,
	"pec_destinatario" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_profiles_tipo_valid" CHECK ("billing_profiles"."tipo" in ('persona_fisica', 'studio', 'societa'))
);
--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;