CREATE TABLE "ranking_preferences" (
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"hide_name" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ranking_preferences_client_id_user_id_pk" PRIMARY KEY("client_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "ranking_scores" (
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"metric" text NOT NULL,
	"period" text NOT NULL,
	"score" integer NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ranking_scores_client_id_metric_period_user_id_pk" PRIMARY KEY("client_id","metric","period","user_id"),
	CONSTRAINT "ranking_scores_metric_check" CHECK ("ranking_scores"."metric" in ('points', 'xp'))
);
--> statement-breakpoint
ALTER TABLE "ranking_preferences" ADD CONSTRAINT "ranking_preferences_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_preferences" ADD CONSTRAINT "ranking_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_scores" ADD CONSTRAINT "ranking_scores_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_scores" ADD CONSTRAINT "ranking_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ranking_scores_order_idx" ON "ranking_scores" USING btree ("client_id","metric","period",(-"score"),"reached_at","user_id");--> statement-breakpoint
-- Every ledger entry that counts (XP, and points earned: not spent, refunded, expired or transferred)
-- adds to the user's score for all time and for its UTC month, in the entries' own transaction. One
-- statement-level trigger: a statement that writes many entries (an import, a bulk grant) adds them up per
-- user and period in one upsert instead of one per row.
CREATE FUNCTION "ranking_on_ledger_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ranking_scores (client_id, user_id, metric, period, score, reached_at)
  SELECT client_id, user_id, ledger, period, sum(amount)::integer, max(created_at)
  FROM (
    SELECT e.client_id, e.user_id, e.ledger, e.amount, e.created_at, p.period
    FROM inserted_entries e
    CROSS JOIN LATERAL (VALUES ('all'), (to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM'))) AS p(period)
    WHERE e.ledger = 'xp' OR e.source NOT IN ('redemption', 'refund', 'expiry', 'transfer')
  ) AS counted
  GROUP BY client_id, user_id, ledger, period
  ON CONFLICT (client_id, metric, period, user_id)
  DO UPDATE SET score = ranking_scores.score + EXCLUDED.score, reached_at = EXCLUDED.reached_at;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ranking_scores_on_ledger_entries" AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS inserted_entries
  FOR EACH STATEMENT EXECUTE FUNCTION "ranking_on_ledger_entries"();
--> statement-breakpoint
-- The entries written before the ranking existed.
INSERT INTO ranking_scores (client_id, user_id, metric, period, score, reached_at)
SELECT client_id, user_id, ledger, period, sum(amount)::integer, max(created_at)
FROM (
  SELECT client_id, user_id, ledger, amount, created_at, p.period
  FROM ledger_entries
  CROSS JOIN LATERAL (VALUES ('all'), (to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM'))) AS p(period)
  WHERE ledger = 'xp' OR source NOT IN ('redemption', 'refund', 'expiry', 'transfer')
) AS counted
GROUP BY client_id, user_id, ledger, period;
