-- _site_names: each allocation site with the names a reader knows it by.
--
-- A helper of the per-site views, private to them (the leading '_'): \d does not list it
-- and the view documentation leaves it out. One row per allocation site: its method's
-- signature, its line and the type it allocates, named from the dictionary tables.
--
-- Builds on: sites, methods, classes.
--
-- Columns:
--   site_id    BIGINT   the site (sites.site_id)
--   signature  VARCHAR  the readable signature of the method holding the `new`
--   line       INTEGER  its source line; 0 if unknown
--   type_name  VARCHAR  the allocated type (an array type for arrays)
SELECT s.site_id,
       m.signature AS signature,
       s.line,
       c.name AS type_name
FROM sites AS s
LEFT JOIN methods AS m ON m.method_id = s.method_id
LEFT JOIN classes AS c ON c.class_id = s.class_id
