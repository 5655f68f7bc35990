/** Where an application lives in the back-office (issue #30). Browser-safe. */
export const applicationPath = (id: string) => `/admin/job-applications/${id}`;
