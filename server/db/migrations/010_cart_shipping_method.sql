-- The shipping method chosen at checkout becomes part of the cart's state (docs/api.md "Cart"):
-- `state.shippingMethodId`, set by the cart's setShippingMethod update in the cart's own versioned
-- transaction and priced by the cart's pricing, so the cart, checkout, payment and the order read
-- one shipping price. The choices kept so far in checkout_shipments (migration 006) move into the
-- state of their carts; versions stay as they are, since checkout already charged those methods
-- (a payment authorised for a version still matches it). Then the side table goes.
UPDATE carts AS c
SET state = c.state || jsonb_build_object('shippingMethodId', s.method_id)
FROM checkout_shipments AS s
WHERE s.cart_id = c.id;

DROP TABLE checkout_shipments;
