import { getRuntimeFrom } from "@server/context";
import type { HandledForm } from "@server/route-kit/public-forms";
import { visitorOf } from "@server/route-kit/visits";
import type { Runtime } from "@server/runtime";
import { getClientIp } from "@server/security/client-ip";
import type { Visitor } from "@server/visits/view-rules";
import { data, type RouterContextProvider } from "react-router";

type PublicFormHandler = (
  runtime: Runtime,
  request: Request,
  ip: string,
  visitor: Visitor | null,
) => Promise<HandledForm>;

/** A public form's action (issue #5): the handler's answer with its status, and any headers. */
export async function answerPublicForm(
  handle: PublicFormHandler,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  headers?: HeadersInit,
) {
  const { status, result } = await handle(
    getRuntimeFrom(context),
    request,
    getClientIp(context),
    visitorOf(request, context),
  );
  return data(result, { status, headers });
}
