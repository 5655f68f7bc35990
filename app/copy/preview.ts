/** The words of a draft's preview page (issue #31). */
export const PREVIEW_COPY = {
  label: "Preview",
  note: "This is a draft as it will appear once published. It is not on the website yet.",
  expiredTitle: "This preview link has expired",
  expiredBody:
    "Preview links work for 24 hours. Ask the studio for a new link to see the latest draft.",
};
