-- A promotion may start later than it is written (core/cart/engine/model.ts DiscountDefinition
-- validFrom): applying its code before then is refused as not started (reason NotStarted), as one
-- past valid_until is refused as ended. NULL: running from the start. The rows are written from
-- core's PROMOTIONS after every migration (server/cart/promotions.ts).
ALTER TABLE cart_discounts ADD COLUMN valid_from timestamptz;
ALTER TABLE cart_discounts
  ADD CONSTRAINT cart_discounts_offer_order CHECK (valid_from IS NULL OR valid_until IS NULL OR valid_from <= valid_until);
