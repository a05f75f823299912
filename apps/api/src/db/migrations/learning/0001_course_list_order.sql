CREATE INDEX "courses_client_title_idx" ON "courses" USING btree ("client_id",lower("title"),"id");--> statement-breakpoint
-- Estimates for the audience tests of the learning lists (`cardinality(…) = 0 or …`: an empty list does not
-- limit). Without them the planner takes the visible courses for a handful, then loops where it should hash
-- and sorts everything where it should read the title index.
CREATE STATISTICS "courses_audience_stats" ON (cardinality("audience_area_ids")), (cardinality("audience_group_ids")), (cardinality("audience_country_ids")), (cardinality("audience_roles")) FROM "courses";--> statement-breakpoint
CREATE STATISTICS "trails_audience_stats" ON (cardinality("audience_area_ids")), (cardinality("audience_group_ids")), (cardinality("audience_country_ids")), (cardinality("audience_roles")) FROM "trails";
