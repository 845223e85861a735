-- A line's free text (lineItemShipping.salesChannel and .roomInfo) is shown back on the cart and to
-- anyone with a shared-cart link, so the cart's updates now hold it to spec §5's safe text
-- (server/cart/parse.ts). Text stored before that rule may hold markup: each such field is removed
-- from the carts' lines and from the shared carts' snapshots. The test is for any ASCII character
-- that safe text refuses (markup needs < or >; quotes, hyphens and commas stay) or a control
-- character; letters outside ASCII are left alone, as safe text allows them. Versions stay: the
-- lines' SKUs, quantities and prices do not change.
CREATE FUNCTION pg_temp.unsafe_text(value text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT value IS NOT NULL AND value ~ '[\x01-\x1f\x7f!#$%&()*+./:;<=>?@\[\\\]^_`{|}~]'
$$;

CREATE FUNCTION pg_temp.clean_line(line jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN jsonb_typeof(line -> 'lineItemShipping') IS DISTINCT FROM 'object' THEN line
    ELSE jsonb_set(
      line,
      '{lineItemShipping}',
      (line -> 'lineItemShipping')
        - (CASE WHEN pg_temp.unsafe_text(line -> 'lineItemShipping' ->> 'salesChannel')
                THEN 'salesChannel' ELSE '' END)
        - (CASE WHEN pg_temp.unsafe_text(line -> 'lineItemShipping' ->> 'roomInfo')
                THEN 'roomInfo' ELSE '' END)
    )
  END
$$;

CREATE FUNCTION pg_temp.clean_lines(lines jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(jsonb_agg(pg_temp.clean_line(e.line) ORDER BY e.ord), '[]'::jsonb)
  FROM jsonb_array_elements(lines) WITH ORDINALITY AS e(line, ord)
$$;

UPDATE carts
SET state = jsonb_set(state, '{lines}', pg_temp.clean_lines(state -> 'lines'))
WHERE jsonb_typeof(state -> 'lines') = 'array'
  AND pg_temp.clean_lines(state -> 'lines') IS DISTINCT FROM state -> 'lines';

UPDATE shared_carts
SET line_items = pg_temp.clean_lines(line_items)
WHERE jsonb_typeof(line_items) = 'array'
  AND pg_temp.clean_lines(line_items) IS DISTINCT FROM line_items;

DROP FUNCTION pg_temp.clean_lines(jsonb);
DROP FUNCTION pg_temp.clean_line(jsonb);
DROP FUNCTION pg_temp.unsafe_text(text);
