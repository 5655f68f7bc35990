import { getRuntimeFrom } from "@server/context";
import { csvResponse, recordCsvExport } from "@server/kit/csv";
import { redirectWithFlash } from "@server/route-kit/flash";
import type { Runtime } from "@server/runtime";
import {
  ADMIN_RESPONSE_HEADERS,
  currentActor,
  requireResourceAccess,
} from "@server/security/admin-access";
import type { RouterContextProvider } from "react-router";
import { failure } from "~/lib/admin-messages";
import type { AuditEntity } from "~/lib/values";

export interface CsvExport {
  filename: string;
  header: readonly string[];
  /** The rows in batches; the first is read before answering, so a failing query is a toast. */
  rows: AsyncIterable<readonly (readonly unknown[])[]>;
  /** What the audit row of the export names, when it exports one kind of record. */
  entity?: AuditEntity;
  /** The log line when the export fails. */
  failureLog: string;
  /** The toast when the export fails. */
  failedMessage: string;
  /** The page the failure returns to. */
  backTo: string;
}

/**
 * The one way a back-office CSV download answers: the access check, the streamed file, its line
 * on the audit log, and on failure a log line and a toast on the page it came from. `exportOf`
 * may answer a Response itself (a query that is refused).
 */
export async function csvExportLoader(
  args: { request: Request; url: URL; pattern: string; context: Readonly<RouterContextProvider> },
  exportOf: (runtime: Runtime) => CsvExport | Response,
): Promise<Response> {
  await requireResourceAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const csv = exportOf(runtime);
  if (csv instanceof Response) return csv;
  try {
    const response = await csvResponse(csv.filename, csv.header, csv.rows, ADMIN_RESPONSE_HEADERS);
    await recordCsvExport(runtime.database.db, currentActor(args.context), args.url, csv.entity);
    return response;
  } catch (error) {
    runtime.logger.error({ err: error }, csv.failureLog);
    return redirectWithFlash(args.context, csv.backTo, failure(csv.failedMessage));
  }
}
