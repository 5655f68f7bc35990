/** Where an application lives in the back-office (issue #30). Browser-safe. */
export const applicationPath = (id: string) => `/admin/job-applications/${id}`;
/** The admin route that opens an application's resume through a signed link (decision 0275). */
export const resumePath = (id: string) => `${applicationPath(id)}/resume`;
