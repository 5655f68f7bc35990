-- Issue #47 item 18: applicants are never offered the sales discovery call (BOOKING_URL). The seeded
-- "Interview invite" asks for times and links the applicants' own page, {interview_url}
-- (INTERVIEW_BOOKING_URL; without it, its paragraph is left out). An edited template is kept as
-- the studio wrote it, only its link changed.
UPDATE "reply_templates" SET "body" = E'Hi {name},\n\nThank you for applying for the {position} role. We enjoyed your application and would like to invite you to a first interview.\n\nPlease reply to this e-mail with a few times that suit you over the next two weeks.\n\nOr pick a time here: {interview_url}\n\nThe {studio} team'
WHERE "subject_type" = 'job_application' AND "name" = 'Interview invite'
  AND "body" = E'Hi {name},\n\nThank you for applying for the {position} role. We enjoyed your application and would like to talk. Please pick a time for a first interview here: {booking_url}\n\nThe {studio} team';
--> statement-breakpoint
UPDATE "reply_templates" SET
  "body" = replace("body", '{booking_url}', '{interview_url}'),
  "subject" = replace("subject", '{booking_url}', '{interview_url}')
WHERE "subject_type" = 'job_application'
  AND ("body" LIKE '%{booking\_url}%' OR "subject" LIKE '%{booking\_url}%');
