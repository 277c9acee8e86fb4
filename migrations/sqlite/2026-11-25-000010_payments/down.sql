DROP TABLE payments;
DROP TABLE invoices;
DROP TABLE invoice_counters;
DROP TABLE purchase_order_comments;
DROP TABLE purchase_orders;
DROP TABLE olympiad_fees;
