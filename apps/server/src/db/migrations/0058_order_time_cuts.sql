-- Orders recorded offline keep the operator's time (ADR 0017): an order created or started with an
-- earlier `at` takes over the machine's cuts since then that were booked to no order, and one closed
-- with an earlier `at` gives the cuts booked to it after that back to no order. The app rebooks
-- them, so it may change a cut's order: that column alone, and within its tenant (the policy of
-- 0003 covers every command). Updates go through the partitioned table, whose privileges and policy
-- are the ones checked.
GRANT UPDATE (job_id) ON cuts TO kerf_app;
