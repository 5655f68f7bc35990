/**
 * Headers that set each of `cookies` (the auth plugin's session cookies, a flash), over `base`:
 * how an answer carries the cookies a sign-in, a sign-out or a ceremony step made.
 */
export function settingCookies(cookies: readonly string[], base?: HeadersInit): Headers {
  const headers = new Headers(base);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}
