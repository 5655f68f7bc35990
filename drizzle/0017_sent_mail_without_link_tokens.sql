-- Issue 47 item 2 (decision 0440): mails sent before the fix keep their single-use links' tokens
-- in the outbox; the worker now removes them when it records a send. The same, once, for the rows
-- already sent (server/mail/link-tokens.ts: the token, 43 base64url characters after "token=").
UPDATE "notifications"
SET "text_body" = regexp_replace("text_body", '(\ytoken=)[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])', '\1removed-once-sent', 'g'),
  "html_body" = regexp_replace("html_body", '(\ytoken=)[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])', '\1removed-once-sent', 'g')
WHERE "sent_at" IS NOT NULL AND ("text_body" ~ 'token=' OR "html_body" ~ 'token=');
