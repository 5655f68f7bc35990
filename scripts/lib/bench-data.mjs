// Bulk rows the benchmarks insert straight into a database (PGlite or node-postgres: anything
// with `query(text, params)`), between a first start of the server (which migrates) and a second.

const WORDS = ["studio", "launch", "brand", "campaign", "wedding", "documentary", "product"];

/** Inserts `count` inquiries of every kind, status and age, as real ones would look. */
export async function insertInquiries(db, count) {
  await db.query(
    `insert into contact_submissions
       (kind, name, email, service, budget, timeline, description, status, file_attachments,
        wedding_date, wedding_location, wedding_budget, created_at)
     select
       case when g % 10 = 0 then 'wedding' else 'project' end,
       'Client ' || g,
       'client' || g || '@example.test',
       case when g % 10 = 0 then null else (array['video-production','post-production','ads-media-buying','web-app-development','social-content','full-service'])[1 + g % 6] end,
       case when g % 10 = 0 then null else (array['under-25k','25k-50k','50k-100k','100k-250k','250k-plus'])[1 + g % 5] end,
       case when g % 10 = 0 then null else (array['asap','1-month','2-3-months','3-6-months','flexible'])[1 + g % 5] end,
       'Brief ' || g || ': a ' || ($1::text[])[1 + g % 7] || ' project with a few sentences of detail about goals, '
         || 'audience, deliverables and timing, as a real inquiry would have.',
       (array['new','contacted','qualified','closed'])[1 + g % 4],
       case when g % 7 = 0 then array['inquiries/' || g || '_brief.pdf'] else null end,
       case when g % 10 = 0 then date '2027-06-01' + (g % 200) else null end,
       case when g % 10 = 0 then 'Malibu, CA' else null end,
       case when g % 10 = 0 then '7500-12000' else null end,
       now() - g * interval '7 minutes'
     from generate_series(1, $2::int) as g`,
    [WORDS, count],
  );
  const { rows } = await db.query("select count(*)::int as n from contact_submissions");
  return rows[0].n;
}
