-- An order made for the learners loaded after the entry's earlier order was paid names that order.
ALTER TABLE purchase_orders ADD COLUMN supplements_order_id BIGINT REFERENCES purchase_orders(id);
