import { z } from "~/lib/forms/zod";

/**
 * The Media screen's captions form (issue #44 item 3, decision 0499): a language from a short list
 * of BCP-47 codes, named in English, and one SRT or WebVTT file of at most 1 MB. Shared by the
 * form and the server. Browser-safe.
 */

/** The languages captions may be in: code → English name (the select's label, the HLS NAME). */
export const CAPTION_LANGUAGES = {
  en: "English",
  es: "Spanish",
  fr: "French",
  de: "German",
  pt: "Portuguese",
  it: "Italian",
  nl: "Dutch",
  pl: "Polish",
  ru: "Russian",
  tr: "Turkish",
  ar: "Arabic",
  he: "Hebrew",
  hi: "Hindi",
  ja: "Japanese",
  ko: "Korean",
  zh: "Chinese",
  vi: "Vietnamese",
  id: "Indonesian",
} as const;
export type CaptionLanguage = keyof typeof CAPTION_LANGUAGES;

export const CAPTION_LANGUAGE_OPTIONS = Object.entries(CAPTION_LANGUAGES).map(([value, label]) => ({
  value,
  label,
}));

/** The largest captions file taken: a feature film's SRT is about 100 KB. */
export const CAPTIONS_MAX_BYTES = 1024 * 1024;

export const CAPTIONS_MESSAGES = {
  tooLarge: "Captions files must be smaller than 1 MB.",
  oneFile: "Send one captions file at a time.",
  chooseLanguage: "Choose the language of the captions.",
  chooseFile: "Choose an SRT or WebVTT file.",
  notReady: "Captions can be changed once the video is Ready.",
  gone: "That video is gone.",
  added: (name: string) => `${name} captions added.`,
  replaced: (name: string) => `${name} captions replaced.`,
  removed: (name: string) => `${name} captions removed.`,
  notRemoved: "Those captions are already gone.",
} as const;

export function isCaptionLanguage(value: unknown): value is CaptionLanguage {
  return typeof value === "string" && Object.hasOwn(CAPTION_LANGUAGES, value);
}

/** The text fields of "Add captions" and "Remove" (the file is read beside them). */
export const captionsSchema = z.object({
  id: z.uuid(),
  language: z.string().refine(isCaptionLanguage, CAPTIONS_MESSAGES.chooseLanguage),
});
