import { formatDay } from "~/lib/listings/format";
/** Where an application lives in the back-office (issue #30). Browser-safe. */
export const applicationPath = (id: string) => `/admin/job-applications/${id}`;
/** The admin route that opens an application's resume through a signed link (decision 0275). */
export const resumePath = (id: string) => `${applicationPath(id)}/resume`;

/** What an applicant said of their experience and terms, as the back office shows it. */
export function applicantTerms(
  application: {
    experienceYears: number | null;
    salaryExpectation: string | null;
    availabilityDate: string | null;
    locationPreference: string | null;
  },
  work: string | null,
): [string, string | null][] {
  const years = application.experienceYears;
  return [
    ["Experience", years === null ? null : `${years} year${years === 1 ? "" : "s"}`],
    ["Salary", application.salaryExpectation],
    ["Available", formatDay(application.availabilityDate)],
    ["Location", application.locationPreference],
    ["Work", work],
  ];
}
