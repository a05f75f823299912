CREATE TABLE "ranking_campaign_fills" (
	"client_id" integer NOT NULL,
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"begins_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"filled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ranking_campaign_fills" ADD CONSTRAINT "ranking_campaign_fills_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Campaign periods: an entry that counts also adds to the period `campaign:<id>` of every campaign of its
-- client running when it was written (begins_at <= created_at < ends_at). The campaigns are the loyalty
-- program's (a later area): the function reads them only when entries are written, after every area is
-- migrated. Periods written before a campaign existed are filled by the ranking on first read.
CREATE OR REPLACE FUNCTION "ranking_on_ledger_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ranking_scores (client_id, user_id, metric, period, score, reached_at)
  SELECT client_id, user_id, ledger, period, sum(amount)::integer, max(created_at)
  FROM (
    SELECT e.client_id, e.user_id, e.ledger, e.amount, e.created_at, p.period
    FROM inserted_entries e
    CROSS JOIN LATERAL (
      SELECT 'all'
      UNION ALL SELECT to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM')
      UNION ALL SELECT 'campaign:' || c.id FROM loyalty_campaigns c
        WHERE c.client_id = e.client_id AND c.ends_at > e.created_at AND c.begins_at <= e.created_at
    ) AS p(period)
    WHERE e.ledger = 'xp' OR e.source NOT IN ('redemption', 'refund', 'expiry', 'transfer')
  ) AS counted
  GROUP BY client_id, user_id, ledger, period
  ON CONFLICT (client_id, metric, period, user_id)
  DO UPDATE SET score = ranking_scores.score + EXCLUDED.score, reached_at = EXCLUDED.reached_at;
  RETURN NULL;
END
$$;
