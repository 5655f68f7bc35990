/**
 * A plain-text answer: a refusal, a 404, a feed that is down, robots.txt. The one way routes send
 * text, so every such answer carries its charset and `nosniff`; it is never stored unless
 * `headers` sets another Cache-Control (admin answers pass ADMIN_RESPONSE_HEADERS).
 */
export function textResponse(
  status: number,
  text: string,
  headers: Readonly<Record<string, string>> = {},
): Response {
  return new Response(text, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      ...headers,
    },
  });
}
