/**
 * Makes the links of a Bundle (next, previous, self…) point through the gateway: a URL under
 * the upstream base is moved under the gateway base, keeping its path and query. Links to
 * elsewhere are left as they are. Returns the body unchanged when it is not a Bundle with links.
 */
export function rewriteBundleLinks(
  body: unknown,
  upstreamBase: string,
  gatewayBase: string,
): unknown {
  if (!isBundleWithLinks(body)) return body;
  const upstream = upstreamBase.replace(/\/+$/, '');
  const link = body.link.map((item) => {
    if (typeof item?.url !== 'string') return item;
    const rest = under(item.url, upstream);
    return rest === undefined ? item : { ...item, url: `${gatewayBase}${rest}` };
  });
  return { ...body, link };
}

/** The part of `url` after `base` when `url` is the base itself or below it. */
function under(url: string, base: string): string | undefined {
  if (!url.startsWith(base)) return undefined;
  const rest = url.slice(base.length);
  return rest === '' || rest.startsWith('/') || rest.startsWith('?') ? rest : undefined;
}

function isBundleWithLinks(
  body: unknown,
): body is { resourceType: 'Bundle'; link: { url?: unknown }[] } {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { resourceType?: unknown }).resourceType === 'Bundle' &&
    Array.isArray((body as { link?: unknown }).link)
  );
}
