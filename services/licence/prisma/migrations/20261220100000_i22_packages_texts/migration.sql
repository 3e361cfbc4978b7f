-- Issue 22, points 5 and 6: the products each package plan grants, kept with the contract as it
-- was applied for; plan-master names and explanations per language, in one shape everywhere.

-- AlterTable: a package plan's products (empty for every other row).
ALTER TABLE "plans" ADD COLUMN "grants" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];

-- AlterTable: a package contract's products, as the plan master granted them when applied for.
ALTER TABLE "contracts" ADD COLUMN "grants" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];

-- Data: names and explanations are language maps {"ja-jp": "...", "en-us": "...", ...}. A bare
-- string (one name, written before the master kept languages) is the Japanese name; keys that
-- are not one of the seven languages, values that are not strings and blank values are dropped,
-- so that a reader's fallback (proto texts.ts) never picks an empty or foreign entry.
UPDATE "plans" SET "name" = jsonb_build_object('ja-jp', "name" #>> '{}') WHERE jsonb_typeof("name") = 'string';
UPDATE "plans" SET "explanation" = jsonb_build_object('ja-jp', "explanation" #>> '{}') WHERE jsonb_typeof("explanation") = 'string';
UPDATE "plans" SET "explanation" = '{}'::jsonb WHERE jsonb_typeof("explanation") IS DISTINCT FROM 'object';
UPDATE "contract_items" SET "name" = jsonb_build_object('ja-jp', "name" #>> '{}') WHERE jsonb_typeof("name") = 'string';

UPDATE "plans" p SET "name" = t.clean
  FROM (
    SELECT id, coalesce((
      SELECT jsonb_object_agg(e.key, btrim(e.value #>> '{}'))
        FROM jsonb_each(q."name") e
       WHERE e.key IN ('ja-jp', 'en-us', 'ms-my', 'zh-cn', 'zh-tw', 'vi-vn', 'th-th')
         AND jsonb_typeof(e.value) = 'string' AND btrim(e.value #>> '{}') <> ''), '{}'::jsonb) AS clean
      FROM "plans" q WHERE jsonb_typeof(q."name") = 'object') t
 WHERE p.id = t.id AND p."name" IS DISTINCT FROM t.clean;

UPDATE "plans" p SET "explanation" = t.clean
  FROM (
    SELECT id, coalesce((
      SELECT jsonb_object_agg(e.key, btrim(e.value #>> '{}'))
        FROM jsonb_each(q."explanation") e
       WHERE e.key IN ('ja-jp', 'en-us', 'ms-my', 'zh-cn', 'zh-tw', 'vi-vn', 'th-th')
         AND jsonb_typeof(e.value) = 'string' AND btrim(e.value #>> '{}') <> ''), '{}'::jsonb) AS clean
      FROM "plans" q WHERE jsonb_typeof(q."explanation") = 'object') t
 WHERE p.id = t.id AND p."explanation" IS DISTINCT FROM t.clean;

UPDATE "contract_items" i SET "name" = t.clean
  FROM (
    SELECT id, coalesce((
      SELECT jsonb_object_agg(e.key, btrim(e.value #>> '{}'))
        FROM jsonb_each(q."name") e
       WHERE e.key IN ('ja-jp', 'en-us', 'ms-my', 'zh-cn', 'zh-tw', 'vi-vn', 'th-th')
         AND jsonb_typeof(e.value) = 'string' AND btrim(e.value #>> '{}') <> ''), '{}'::jsonb) AS clean
      FROM "contract_items" q WHERE jsonb_typeof(q."name") = 'object') t
 WHERE i.id = t.id AND i."name" IS DISTINCT FROM t.clean;
