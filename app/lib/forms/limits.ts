/**
 * The upload limits of the public forms, without zod: the browser needs them for quick feedback
 * (the file picker's `accept`, the attachment count, the resume size), and importing them from the
 * schema modules would bring zod into the page. The schemas and the server read them from here
 * too (through the schema modules' re-exports), so each limit is written once.
 */

/** SPEC section 9: at most 5 attachments on a Project Inquiry. */
export const MAX_ATTACHMENTS = 5;
export const MAX_ATTACHMENTS_MESSAGE = "Maximum 5 files allowed";
/** What the contact form's file picker offers (the server checks the content, not this list). */
export const ATTACHMENT_ACCEPT = "image/*,.pdf,.doc,.docx,.txt";

/** SPEC sections 5 and 9: resumes are .pdf, .doc or .docx of at most 5 MB. */
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;
export const RESUME_ACCEPT = ".pdf,.doc,.docx";
export const RESUME_EXTENSIONS = ["pdf", "doc", "docx"] as const;
