-- Inquiry attachments: storage keys instead of public URLs (issue #28, decision 0275). The
-- contact-uploads bucket is private now; staff open each file through a signed link from the
-- back-office, found by its key. A URL like https://site/files/contact-uploads/inquiries/1_ab.pdf
-- becomes inquiries/1_ab.pdf, in the same order; anything else is kept as it is.
UPDATE "contact_submissions"
SET "file_attachments" = ARRAY(
  SELECT regexp_replace("url", '^.*/files/contact-uploads/', '')
  FROM unnest("file_attachments") WITH ORDINALITY AS "attachment"("url", "place")
  ORDER BY "place"
)
WHERE "file_attachments" IS NOT NULL;
