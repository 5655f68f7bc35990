import type { Drawing } from "~/entities/review/drawing";

/** A version's comments as the review page shows them (issue #45): browser-safe shapes. */

export interface ReviewReplyView {
  id: string;
  author: string;
  body: string;
  createdAt: string;
}

export interface ReviewCommentView {
  id: string;
  author: string;
  body: string;
  /** Where it sits in the media, in seconds (a frame's start); `endSeconds` for a range. */
  atSeconds: number;
  endSeconds: number | null;
  drawing: Drawing | null;
  resolved: boolean;
  createdAt: string;
  replies: ReviewReplyView[];
}
