// The OpenAPI document as /v1/openapi.json serves it: built once from the route table, with
// `servers` naming PUBLIC_BASE_URL or, when that is unset, the origin the request reached (so the
// reference page's curl samples and generated clients carry a host). Each server's variant is
// serialized and compressed once (api/prepared-asset.ts); a bounded number of origins is kept.
import { prepareAsset, type PreparedAsset } from './prepared-asset.ts';

/** Origins kept at once: a deployment is reached under a few names; more are evicted oldest first. */
const KEPT_ORIGINS = 8;

/** `scheme://host[:port]`, nothing else: a Host header that is not a host name gives no `servers`. */
const ORIGIN =
  /^https?:\/\/(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export type ServedOpenApi = (requestOrigin: string) => Promise<PreparedAsset>;

/** `build()` is called once, on the first request; PUBLIC_BASE_URL, when set, is every variant's server. */
export function servedOpenApi(build: () => Record<string, unknown>, publicBaseUrl: string | undefined): ServedOpenApi {
  let document: Record<string, unknown> | undefined;
  const variants = new Map<string, Promise<PreparedAsset>>();
  return (requestOrigin) => {
    const server = publicBaseUrl ?? (ORIGIN.test(requestOrigin) ? requestOrigin : '');
    let variant = variants.get(server);
    if (variant) {
      variants.delete(server); // most recently used last
    } else {
      document ??= build();
      // `servers` after `info`, where the document builder puts it.
      const { openapi, info, ...rest } = document;
      const text = JSON.stringify({ openapi, info, ...(server ? { servers: [{ url: server }] } : {}), ...rest });
      variant = prepareAsset(Buffer.from(text, 'utf8'), 'application/json; charset=utf-8');
      variant.catch(() => variants.delete(server));
      const oldest = variants.keys().next();
      if (variants.size >= KEPT_ORIGINS && !oldest.done) variants.delete(oldest.value);
    }
    variants.set(server, variant);
    return variant;
  };
}
