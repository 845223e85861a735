-- What a PayPal approval or finance application was given for: the cart's goods (lines after
-- discounts, before shipping and tax) in cents when the token or application was made. Checkout
-- takes the payment only while the cart still comes to that amount, so goods added after the
-- shopper approved are never paid with that approval. Rows from before this column are NULL and
-- match nothing: the shopper approves again.
ALTER TABLE paypal_tokens ADD COLUMN goods_cents integer CHECK (goods_cents >= 0);
ALTER TABLE finance_applications ADD COLUMN goods_cents integer CHECK (goods_cents >= 0);
