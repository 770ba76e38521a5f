-- Issue 16 §5: a store switch for its users' own webhook endpoints (feature flag `user_webhooks`).
-- The stores that existed before it had them: they keep them on.
UPDATE tenants
   SET feature_flags = feature_flags || '{"user_webhooks":{"enabled":true}}'::jsonb
 WHERE NOT feature_flags ? 'user_webhooks';
