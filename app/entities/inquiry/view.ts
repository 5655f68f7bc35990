/** Where an inquiry lives in the back-office (issue #30). Browser-safe. */
export const inquiryPath = (id: string) => `/admin/inquiries/${id}`;
