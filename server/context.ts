import { createContext, type RouterContextProvider } from "react-router";
import type { Runtime } from "./runtime";

/** The server's services (database, auth, storage, mail, config), set for every request. */
export const runtimeContext = createContext<Runtime | null>(null);

export function getRuntimeFrom(context: Readonly<RouterContextProvider>): Runtime {
  const runtime = context.get(runtimeContext);
  if (!runtime) throw new Error("The server runtime is not in the request context");
  return runtime;
}
