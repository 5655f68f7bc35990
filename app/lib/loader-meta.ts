import type { MetaDescriptor } from "react-router";

/**
 * The `meta` of a public page: its head comes with the loader's data, built on the server
 * (decision 0011), so no head code or SEO copy travels in the page's JavaScript.
 */
export const loaderMeta = ({ loaderData }: { loaderData?: { meta?: MetaDescriptor[] } }) =>
  loaderData?.meta ?? [];
