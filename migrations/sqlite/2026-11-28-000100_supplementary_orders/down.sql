ALTER TABLE purchase_orders DROP COLUMN supplements_order_id;
