import { UPLOAD_RULES } from "@server/uploads/store";
import type { NextFunction, Request, Response } from "express";
import { MAX_ATTACHMENTS } from "~/entities/inquiry/contact-form";
import { RESUME_MAX_BYTES } from "~/entities/job-application/form";

/**
 * Every request body is bounded before the app reads a byte of it (decision 0140): only form
 * types are accepted (415 otherwise), a declared Content-Length over the route's limit is refused
 * at once (413), and a chunked body is counted while it streams and cut off at the limit.
 */

const KB = 1024;
const MB = 1024 * KB;

/** The media types a form post may carry; nothing in the app takes JSON or raw bodies. */
export const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The media type of a Content-Type header, lower-cased (types are case-insensitive). */
export function mediaTypeOf(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** A Content-Type with its media type lower-cased and its parameters (the boundary) kept. */
export function normalizeContentType(contentType: string): string {
  const at = contentType.indexOf(";");
  return at === -1
    ? mediaTypeOf(contentType)
    : `${mediaTypeOf(contentType)}${contentType.slice(at)}`;
}

/** A chunked body ran past its route's limit (the reader's stream fails with this). */
export class BodyTooLargeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BodyTooLargeError";
  }
}

interface BodyRule {
  maxBytes: number;
  /** Said on refusal: what the route accepts. */
  message: string;
  /** The route answers JSON (the upload endpoints): refusals keep its `{ error, detail }` shape. */
  json?: string;
}

const attachment = UPLOAD_RULES["contact-attachment"].maxBytes;
const image = UPLOAD_RULES.image.maxBytes;

// Each limit is the largest legitimate post plus 1 MB for fields and multipart framing.
const TEXT_FORM: BodyRule = { maxBytes: 256 * KB, message: "The form is too large." };
const RULES: Record<string, BodyRule> = {
  "/contact": {
    maxBytes: MAX_ATTACHMENTS * attachment + MB,
    message: `Attach at most ${MAX_ATTACHMENTS} files of ${attachment / MB} MB each.`,
  },
  "/uploads/contact-attachments": {
    maxBytes: MAX_ATTACHMENTS * attachment + MB,
    message: `Send at most ${MAX_ATTACHMENTS} files of ${attachment / MB} MB each.`,
    json: "Failed to upload files. Please try again.", // the endpoint's UPLOAD_FAILED_MESSAGE
  },
  // Twice the resume: a resume a little too large still reaches the form, which says so in
  // place (SPEC's "File Too Large"); the parser stops reading it at 5 MB.
  "/careers": {
    maxBytes: 2 * RESUME_MAX_BYTES + MB,
    message: `The resume must be smaller than ${RESUME_MAX_BYTES / MB} MB.`,
  },
  "/weddings": TEXT_FORM,
  "/admin/login": { maxBytes: 16 * KB, message: "The form is too large." },
  "/admin/logout": { maxBytes: 16 * KB, message: "The form is too large." },
  "/admin/uploads/image": {
    maxBytes: image + MB,
    message: `Images must be smaller than ${image / MB} MB.`,
    json: "Failed to upload image", // IMAGE_UPLOAD_MESSAGES.failed (a test keeps them equal)
  },
};
/**
 * A review page's posts (issue #45): a comment of at most 5,000 characters and a drawing of at
 * most 64 KB of JSON, percent-encoded (up to 3 bytes a character), fit well within this.
 */
const REVIEW_FORM: BodyRule = {
  maxBytes: 256 * KB,
  message: "A comment is at most 5,000 characters, with one drawing.",
};
/** The editors without JavaScript post their images with the form (case-studies.ts: 30 MB). */
const ADMIN_EDITOR: BodyRule = {
  maxBytes: 30 * MB + MB,
  message: "The form is too large: upload the images one by one.",
};

/**
 * Files only ever come in multipart posts; a urlencoded body is parsed whole in memory, so it
 * gets a tighter cap: a long blog article in the back-office, a few fields on the public site.
 */
const URLENCODED_MAX = { admin: 4 * MB, site: 256 * KB };

/** The limit of a path (React Router's `.data` requests share their route's limit). */
export function bodyRuleFor(pathname: string, mediaType = "multipart/form-data"): BodyRule {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  const admin = path.startsWith("/admin/");
  const review = /^\/review\/[^/]+$/.test(path);
  const rule = RULES[path] ?? (admin ? ADMIN_EDITOR : review ? REVIEW_FORM : TEXT_FORM);
  if (mediaType !== "application/x-www-form-urlencoded") return rule;
  const cap = admin ? URLENCODED_MAX.admin : URLENCODED_MAX.site;
  return rule.maxBytes <= cap
    ? rule
    : { ...rule, maxBytes: cap, message: "The form is too large." };
}

/** The most a chunked body (no Content-Length) may carry, whatever the route. */
const CHUNKED_MAX = MB;

/** How long a refused upload's connection stays open after the answer, before it is cut. */
const LINGER_MS = 2_000;

/**
 * A refused body is left unread, but the connection is not closed at once: closing it while the
 * client is still sending resets it, and a reset can discard the answer before the client reads
 * it. The kernel's buffers fill, the client stops, reads the answer; then the connection is cut.
 * Nothing is read meanwhile, so this costs no memory.
 */
function linger(req: Request, res: Response, destroy = req.destroy.bind(req)) {
  if (req.complete) return;
  if (!res.headersSent) res.shouldKeepAlive = true;
  req.pause();
  // Errors here only mean the client went away.
  req.on("error", () => {});
  const close = () => setTimeout(() => destroy(), LINGER_MS).unref();
  if (res.writableFinished) close();
  else res.once("finish", close);
}

/**
 * React Router's body stream destroys the request when its reader stops early (the form parser
 * at a form's own limit: "File Too Large"), which would reset the connection before that answer
 * is sent. Until the answer is out, a destroy lingers instead.
 */
function lingerOnDestroy(req: Request, res: Response) {
  const destroy = req.destroy.bind(req);
  req.destroy = ((error?: Error) => {
    if (res.writableFinished || res.destroyed) return destroy(error);
    linger(req, res, destroy);
    return req;
  }) as typeof req.destroy;
}

function refuse(req: Request, res: Response, status: 413 | 415, rule: BodyRule, detail: string) {
  if (res.headersSent) return;
  linger(req, res);
  res.status(status).set({ "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
  if (rule.json) {
    res.json({ error: rule.json, detail });
    return;
  }
  const title = status === 413 ? "Too large" : "Not a form";
  const back = escapeHtml(req.path.replace(/\.data$/, ""));
  res
    .type("html")
    .set("Content-Security-Policy", "default-src 'none'")
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title><main style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>${title}</h1><p>${escapeHtml(detail)}</p><p><a href="${back}">Go back to the form</a></p></main></html>`,
    );
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

/** A tus PATCH (or creation with data) to the Media library's upload endpoint. */
export function isResumableUpload(pathname: string, contentType: string): boolean {
  return (
    /^\/admin\/media\/uploads(?:\/[A-Za-z0-9_-]+)?$/.test(pathname) &&
    mediaTypeOf(contentType) === "application/offset+octet-stream"
  );
}

/** Express middleware: put it before the React Router handler. */
export function boundBodies() {
  return (req: Request, res: Response, next: NextFunction) => {
    const length = req.headers["content-length"];
    const chunked = req.headers["transfer-encoding"] !== undefined;
    if (req.method === "GET" || req.method === "HEAD" || (!chunked && (length ?? "0") === "0")) {
      return next();
    }
    const contentType = req.headers["content-type"] ?? "";
    // The Media library's tus uploads (issue #44): bounded by their endpoint, which refuses a
    // declared length over MEDIA_MAX_BYTES and never reads past the declared length.
    if (isResumableUpload(req.path, contentType)) return next();
    const rule = bodyRuleFor(req.path, mediaTypeOf(contentType));
    if (!FORM_TYPES.includes(mediaTypeOf(contentType))) {
      return refuse(req, res, 415, rule, "Only form posts are accepted here.");
    }
    const encoding = (req.headers["content-encoding"] ?? "identity").trim().toLowerCase();
    if (encoding !== "identity") {
      return refuse(req, res, 415, rule, "Compressed form posts are not accepted.");
    }
    const tooLarge = `${rule.message} The post was refused before it was read.`;
    if (length !== undefined && Number(length) > rule.maxBytes) {
      return refuse(req, res, 413, rule, tooLarge);
    }
    // The form parser reads the media type case-sensitively: hand it the canonical spelling.
    req.headers["content-type"] = normalizeContentType(contentType);
    lingerOnDestroy(req, res);

    // Node enforces a declared length; a chunked body is counted as it arrives. Browsers always
    // declare the length of a form post, so a chunked one gets a small allowance: files are
    // parsed in memory, and 20 chunked posts must not cost 20 full uploads. Paused, so no chunk
    // flows before the app's reader attaches (it resumes the stream when it pulls).
    if (chunked) {
      const allowance = Math.min(rule.maxBytes, CHUNKED_MAX);
      let received = 0;
      const count = (chunk: Buffer) => {
        received += chunk.byteLength;
        if (received <= allowance) return;
        req.off("data", count);
        // The reader must see a failed body, never a short form that parses: fail it now (the
        // web stream React Router reads listens for "error"; it reads nothing after), then
        // answer, dropping the rest.
        const cutOff = new BodyTooLargeError(tooLarge);
        if (req.listenerCount("error") > 0) req.emit("error", cutOff);
        if (res.headersSent) {
          req.on("error", () => {});
          req.destroy(cutOff);
          return;
        }
        refuse(req, res, 413, rule, tooLarge);
      };
      req.on("data", count);
      req.pause();
    }
    next();
  };
}
