import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/** The six service pages share one module (app/copy/service-pages/ holds their copy, a file per service). */
const SERVICE_SLUGS = [
  "video-production",
  "post-production",
  "ads-media-buying",
  "social-content",
  "web-app-development",
  "ai-powered-business-solutions",
];

export default [
  // Public site: every page inside the frame.
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("services", "routes/site/services.tsx"),
    ...SERVICE_SLUGS.map((slug) =>
      route(`services/${slug}`, "routes/site/service.tsx", { id: `routes/site/service/${slug}` }),
    ),
    route("weddings", "routes/site/weddings.tsx"),
    route("about", "routes/site/about.tsx"),
    route("careers", "routes/site/careers.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("privacy", "routes/site/privacy.tsx"),
    route("terms", "routes/site/terms.tsx"),
    // Content pages from the database.
    route("case-studies", "routes/site/case-studies.tsx"),
    route("case-studies/:id", "routes/site/case-study.tsx"),
    route("portfolio", "routes/site/portfolio.tsx"),
    route("blog", "routes/site/blog.tsx"),
    route("blog/:slug", "routes/site/blog-post.tsx"),
    // A draft's preview through its signed link (issue #31): the post page's own module.
    route("preview/blog/:id", "routes/site/blog-post.tsx", { id: "routes/site/blog-post-preview" }),
    // A case study's (its public route already names its param `id`).
    route("preview/case-studies/:previewId", "routes/site/case-study.tsx", {
      id: "routes/site/case-study-preview",
    }),
    route("*", "routes/site/not-found.tsx"),
  ]),

  // Back-office. Sign-in and sign-out are public; every page below the layout needs an admin
  // (its middleware redirects to /admin/login), every resource below `resources` answers 401/403.
  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("logout", "routes/admin/logout.ts"),
    route("unlock", "routes/admin/unlock.tsx"),
    // A forgotten password, and the page of an invitation's or a reset's link (issue #29).
    route("forgot-password", "routes/admin/forgot-password.tsx"),
    route("set-password", "routes/admin/set-password.tsx"),
    // The code step of a sign-in with two-factor on.
    route("two-factor", "routes/admin/two-factor.tsx"),
    route("login/passkey", "routes/admin/passkey-sign-in.ts"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/inquiries.tsx"),
      // The pipelines (issue #30): a record's page, and the reply templates.
      route("inquiries/:id", "routes/admin/inquiry.tsx"),
      // An inquiry's address trimmed to its folder: the list, which lives at /admin (SPEC).
      route("inquiries", "routes/admin/inquiries-home.ts"),
      route("templates", "routes/admin/templates.tsx"),
      route("job-applications/:id", "routes/admin/job-application.tsx"),
      route("job-applications", "routes/admin/job-applications.tsx"),
      route("case-studies", "routes/admin/case-studies.tsx"),
      // The case-study editor (issue #7): one module, two routes.
      route("case-studies/new", "routes/admin/case-study-editor.tsx", {
        id: "routes/admin/case-study-new",
      }),
      route("case-studies/:id/edit", "routes/admin/case-study-editor.tsx", {
        id: "routes/admin/case-study-edit",
      }),
      route("testimonials", "routes/admin/testimonials.tsx"),
      route("team", "routes/admin/team.tsx"),
      // Editors of testimonials and team members (the portfolio's opens in place on its list).
      route("testimonials/new", "routes/admin/testimonial-editor.tsx", {
        id: "routes/admin/testimonial-new",
      }),
      route("testimonials/:id/edit", "routes/admin/testimonial-editor.tsx"),
      route("team/new", "routes/admin/team-member-editor.tsx", { id: "routes/admin/team-new" }),
      route("team/:id/edit", "routes/admin/team-member-editor.tsx"),
      route("portfolio", "routes/admin/portfolio.tsx"),
      route("blog", "routes/admin/blog.tsx"),
      // Blog editor (new and edit share one module), categories, and the delete confirmation.
      route("blog/new", "routes/admin/blog-editor.tsx", { id: "routes/admin/blog-new" }),
      route("blog/edit/:id", "routes/admin/blog-editor.tsx", { id: "routes/admin/blog-edit" }),
      route("blog/categories", "routes/admin/blog-categories.tsx"),
      route("blog/:id/delete", "routes/admin/blog-delete.tsx"),
      route("backups", "routes/admin/backups.tsx"),
      // Background work (issue #49): each queue, the schedules, failures; Retry and Cancel.
      route("jobs", "routes/admin/jobs.tsx"),
      // Videos on the studio's own storage (issue #44): upload, transcode, use.
      route("media", "routes/admin/media.tsx"),
      route("projects", "routes/admin/projects.tsx"),
      route("projects/:id", "routes/admin/project.tsx"),
      // A version's review in the back-office: the room's player and comments (decision 0532).
      route("projects/:id/versions/:versionId", "routes/admin/project-version.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("redirects", "routes/admin/redirects.tsx"),
      // The other sites redirects may lead to (issue #47): the Redirects screen's admin forms.
      route("redirects/domains", "routes/admin/redirect-domains.ts"),
      route("staff", "routes/admin/staff.tsx"),
      // Removing and deactivating an account: one confirmation module, two routes.
      route("staff/:id/remove", "routes/admin/staff-change.tsx", {
        id: "routes/admin/staff-remove",
      }),
      route("staff/:id/deactivate", "routes/admin/staff-change.tsx", {
        id: "routes/admin/staff-deactivate",
      }),
      // The person's own account, and the step-up before a sensitive action (issue #29).
      route("account", "routes/admin/account.tsx"),
      route("confirm", "routes/admin/confirm.tsx"),
      // A person's requests, retention and records of consent (issue #32).
      route("privacy", "routes/admin/privacy.tsx"),
      // Cookieless visit counts and what they led to (issue #33).
      route("analytics", "routes/admin/analytics.tsx"),
      // Revisions of a post or case study: list, compare, restore (issue #31).
      route("history/:section/:id", "routes/admin/content-history.tsx"),
      // "Revoke preview links" of the post and case-study editors (issue #47).
      route("preview-links/:section/:id", "routes/admin/preview-links.ts"),
      route(":section/:id/delete", "routes/admin/confirm-delete.tsx"),
    ]),
    layout("routes/admin/resources.ts", [
      route("inquiries.csv", "routes/admin/inquiries-csv.ts"),
      route("inquiries/:id/attachments/:index", "routes/admin/inquiry-attachment.ts"),
      route("job-applications.csv", "routes/admin/job-applications-csv.ts"),
      route("job-applications/:id/resume", "routes/admin/resume.ts"),
      route("uploads/image", "routes/admin/image-upload.ts"),
      // The Media library's resumable uploads (tus): one module, the endpoint and each upload.
      route("media/uploads", "routes/admin/media-uploads.ts", { id: "routes/admin/media-uploads" }),
      route("media/uploads/:id", "routes/admin/media-uploads.ts", {
        id: "routes/admin/media-upload",
      }),
      route("backups/:id/download", "routes/admin/backup-download.ts"),
      route("account/passkeys", "routes/admin/passkey-register.ts"),
      route("confirm/passkey", "routes/admin/passkey-confirm.ts"),
      route("audit.csv", "routes/admin/audit-csv.ts"),
      route("privacy/export", "routes/admin/privacy-export.ts"),
      route("privacy/consent.csv", "routes/admin/privacy-consent-csv.ts"),
      route("analytics.csv", "routes/admin/analytics-csv.ts"),
      // A version's comments as markers for the editor (issue #45): one module, three files.
      ...(["csv", "edl", "fcpxml"] as const).map((format) =>
        route(
          `projects/:id/versions/:versionId/markers.${format}`,
          "routes/admin/project-markers.ts",
          { id: `routes/admin/project-markers-${format}` },
        ),
      ),
    ]),
    // A backup archive through its signed, short-lived link (the link is the authorisation).
    route("backup-files/:name", "routes/admin/backup-file.ts"),
  ]),

  // The client review room (issue #45): a share link's page, in a small frame of its own.
  route("review/:token", "routes/review/review.tsx"),

  // Resources (no UI).
  route("sitemap.xml", "routes/resources/sitemap.xml.ts"),
  // The child sitemaps of the index /sitemap.xml turns into beyond 10,000 URLs (decision 0230).
  route("sitemaps/:name", "routes/resources/sitemap-child.xml.ts"),
  route("robots.txt", "routes/resources/robots.txt.ts"),
  route("files/:bucket/*", "routes/resources/files.ts"),
  // A video's playlists and segments, public or through a private link (issue #44).
  route("video/:id/*", "routes/resources/video.ts"),
  // An approved version's master through the review page's signed, short-lived link (issue #45).
  route("review-files/:linkId/:versionId/:file", "routes/resources/review-file.ts"),
  route("blog/rss.xml", "routes/resources/rss.xml.ts"),
  route("img/:format/:width/*", "routes/resources/image-variant.ts"),
  route("uploads/contact-attachments", "routes/resources/contact-attachments.ts"),
  // The cookie banner's records of consent (issue #32).
  route("consent", "routes/resources/consent.ts"),
  // A call booked from the contact page's success message, on the inquiry it sent (issue #30).
  route("contact/booked", "routes/resources/booked-call.ts"),
  // The beacon of a client-side navigation: a page view the server did not see (issue #33).
  route("visit", "routes/resources/visit.ts"),
] satisfies RouteConfig;
