import {
  checkbox,
  MUST_BE_URL,
  optionalHttpUrl,
  optionalImageUrl,
  optionalIsoDate,
  optionalMediaVideo,
  tagList,
} from "~/lib/forms/admin-fields";
import { optionalText, requiredText } from "~/lib/forms/common";
import { z } from "~/lib/forms/zod";
import { CONTENT_STATUSES, PORTFOLIO_SERVICE_TYPES } from "~/lib/values";

export const PORTFOLIO_FORM_MESSAGES = {
  title: "Title is required",
  serviceType: "Service Type is required",
  status: "Please choose a status",
  completionDate: "Please enter a valid date",
} as const;

/**
 * The portfolio admin form (SPEC section 5): Title and Service Type required, Service Type one of
 * the six stored keys (shown by their labels), tags comma-separated, an empty completion date null.
 * The image is `imageUrl` (a typed address, or an upload's URL filled in by the image field).
 */
export const portfolioItemSchema = z.object({
  title: requiredText(PORTFOLIO_FORM_MESSAGES.title),
  description: optionalText(5000),
  clientName: optionalText(200),
  serviceType: z.enum(PORTFOLIO_SERVICE_TYPES, { error: PORTFOLIO_FORM_MESSAGES.serviceType }),
  status: z.enum(CONTENT_STATUSES, { error: PORTFOLIO_FORM_MESSAGES.status }).default("published"),
  isFeatured: checkbox,
  completionDate: optionalIsoDate(PORTFOLIO_FORM_MESSAGES.completionDate),
  tags: tagList,
  imageUrl: optionalImageUrl(),
  videoUrl: optionalHttpUrl(MUST_BE_URL),
  videoMediaId: optionalMediaVideo,
  projectUrl: optionalHttpUrl(MUST_BE_URL),
});
export type PortfolioItemInput = z.output<typeof portfolioItemSchema>;
