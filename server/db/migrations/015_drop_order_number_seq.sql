-- Order numbers are drawn at random (core/orders/order-number.ts, server/orders/order-number.ts) so
-- they cannot be walked; the sequence that numbered them LV-100001, LV-100002, … has no reader.
-- Orders already numbered by it keep their numbers and are still found.
DROP SEQUENCE IF EXISTS order_number_seq;
