-- Statistics for the catalogue tables a data directory loaded before the load analyzed them all
-- (server/catalog/load-catalogue.ts now does): without them the planner took product_prices for a
-- handful of rows and read every price in a nested loop for each cart's catalogue facts.
ANALYZE product_prices;
ANALYZE finishes;
ANALYZE categories;
