-- The change feed (docs/performance.md "Signed-in answers from memory"): every committed write to a
-- table a signed-in page or call may read sends one notification on the channel
-- tariffwatch_changes, with the table's name. The app drops every signed-in answer it keeps
-- in memory when one arrives (lib/db/change-feed.ts, lib/http/answer-cache.ts). Statement-level,
-- so a bulk write notifies once; PostgreSQL delivers a notification at commit and folds the same
-- one sent twice in a transaction into one.
--
-- Not on rate_limit_buckets, sign_in_throttle and job_runs (bookkeeping written on every limited
-- call and every job run), economic_refresh_runs and economic_alerts (written by every economic
-- refresh and its retries, shown on the public dashboard only, which has its own cache): read by
-- no subscriber page or call. tests/integration/change-feed.test.ts checks that every other table
-- notifies, and that no subscriber page's code reads these five.
CREATE FUNCTION "notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tariffwatch_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;

CREATE TRIGGER "users_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "users_notify_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "newsletters_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "newsletters" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "newsletters_notify_truncate" AFTER TRUNCATE ON "newsletters" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "alerts_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "alerts" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "alerts_notify_truncate" AFTER TRUNCATE ON "alerts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "free_trials_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "free_trials" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "free_trials_notify_truncate" AFTER TRUNCATE ON "free_trials" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "ebook_signups_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "ebook_signups" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "ebook_signups_notify_truncate" AFTER TRUNCATE ON "ebook_signups" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "ebook_purchases_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "ebook_purchases" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "ebook_purchases_notify_truncate" AFTER TRUNCATE ON "ebook_purchases" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "trial_follow_ups_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "trial_follow_ups" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "trial_follow_ups_notify_truncate" AFTER TRUNCATE ON "trial_follow_ups" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "sent_emails_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "sent_emails" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "sent_emails_notify_truncate" AFTER TRUNCATE ON "sent_emails" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "email_suppressions_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "email_suppressions" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "email_suppressions_notify_truncate" AFTER TRUNCATE ON "email_suppressions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "subscriptions_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "subscriptions_notify_truncate" AFTER TRUNCATE ON "subscriptions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "payments_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "payments_notify_truncate" AFTER TRUNCATE ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "provider_events_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "provider_events" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "provider_events_notify_truncate" AFTER TRUNCATE ON "provider_events" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "seed_runs_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "seed_runs" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "seed_runs_notify_truncate" AFTER TRUNCATE ON "seed_runs" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "economic_series_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "economic_series" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "economic_series_notify_truncate" AFTER TRUNCATE ON "economic_series" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "economic_observations_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "economic_observations" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "economic_observations_notify_truncate" AFTER TRUNCATE ON "economic_observations" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "economic_news_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "economic_news" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "economic_news_notify_truncate" AFTER TRUNCATE ON "economic_news" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "economic_snapshot_info_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "economic_snapshot_info" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "economic_snapshot_info_notify_truncate" AFTER TRUNCATE ON "economic_snapshot_info" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "subscribers_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "subscribers" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "subscribers_notify_truncate" AFTER TRUNCATE ON "subscribers" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "sign_in_tokens_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "sign_in_tokens" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "sign_in_tokens_notify_truncate" AFTER TRUNCATE ON "sign_in_tokens" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "subscriber_sessions_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "subscriber_sessions" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "subscriber_sessions_notify_truncate" AFTER TRUNCATE ON "subscriber_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "api_keys_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "api_keys" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "api_keys_notify_truncate" AFTER TRUNCATE ON "api_keys" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "source_documents_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "source_documents" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "source_documents_notify_truncate" AFTER TRUNCATE ON "source_documents" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "tariff_measures_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "tariff_measures" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "tariff_measures_notify_truncate" AFTER TRUNCATE ON "tariff_measures" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "measure_events_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "measure_events" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "measure_events_notify_truncate" AFTER TRUNCATE ON "measure_events" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "tariff_audit_log_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "tariff_audit_log" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "tariff_audit_log_notify_truncate" AFTER TRUNCATE ON "tariff_audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "tariff_review_items_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "tariff_review_items" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "tariff_review_items_notify_truncate" AFTER TRUNCATE ON "tariff_review_items" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "consumer_categories_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "consumer_categories" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "consumer_categories_notify_truncate" AFTER TRUNCATE ON "consumer_categories" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "hts_lines_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "hts_lines" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "hts_lines_notify_truncate" AFTER TRUNCATE ON "hts_lines" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "origin_shares_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "origin_shares" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "origin_shares_notify_truncate" AFTER TRUNCATE ON "origin_shares" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "law_changes_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "law_changes" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "law_changes_notify_truncate" AFTER TRUNCATE ON "law_changes" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "watches_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "watches" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "watches_notify_truncate" AFTER TRUNCATE ON "watches" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "subscriber_alerts_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "subscriber_alerts" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "subscriber_alerts_notify_truncate" AFTER TRUNCATE ON "subscriber_alerts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "paypal_orders_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "paypal_orders" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "paypal_orders_notify_truncate" AFTER TRUNCATE ON "paypal_orders" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "revoked_admin_sessions_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "revoked_admin_sessions" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "revoked_admin_sessions_notify_truncate" AFTER TRUNCATE ON "revoked_admin_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "alert_evidence_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "alert_evidence" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "alert_evidence_notify_truncate" AFTER TRUNCATE ON "alert_evidence" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
