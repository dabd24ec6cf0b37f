-- Before 1.0.0 the screens showed banners, partner logos and ads whatever an entity's special-feature
-- switch said; from 1.0.0 on they honour it (one rule, common's slotSwitchedOn). So that an upgrade
-- takes nothing off a screen, each entity holding content in a slot that is not switched on gets
-- that slot switched on: the console then shows the tab for what the screens already show.
UPDATE "entities" AS e
SET "features" = e."features" || missing."slots"
FROM (
	SELECT c."entity_id", jsonb_agg(DISTINCT c."slot") AS "slots"
	FROM "contents" AS c
	JOIN "entities" AS holder ON holder."id" = c."entity_id"
	WHERE NOT (holder."features" ? c."slot")
	GROUP BY c."entity_id"
) AS missing
WHERE e."id" = missing."entity_id";
