// Loads Synthea resources into the account's sandbox FHIR server with batch Bundles of PUTs
// (ids kept). References the sandbox cannot hold are dropped: conditional ones
// (`Practitioner?identifier=…`) and those to types that are not loaded.
const { fetch } = globalThis;
const BATCH = 200;

function withoutForeignReferences(value, loaded) {
  if (Array.isArray(value)) {
    const items = value
      .map((item) => withoutForeignReferences(item, loaded))
      .filter((item) => item !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (value === null || typeof value !== 'object') return value;
  if (typeof value.reference === 'string') {
    const type = /^([A-Za-z]+)\/[^?]+$/.exec(value.reference)?.[1];
    if (!type || !loaded.has(type)) return undefined;
  }
  const out = {};
  for (const [key, item] of Object.entries(value)) {
    const kept = withoutForeignReferences(item, loaded);
    if (kept !== undefined) out[key] = kept;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Puts every resource in the sandbox; returns how many were stored and how many refused. */
export async function loadIntoSandbox(baseUrl, token, resources) {
  const loaded = new Set(resources.map((resource) => resource.resourceType));
  let stored = 0;
  const refused = [];
  for (let start = 0; start < resources.length; start += BATCH) {
    const entry = resources.slice(start, start + BATCH).map((resource) => ({
      resource: withoutForeignReferences(resource, loaded),
      request: { method: 'PUT', url: `${resource.resourceType}/${resource.id}` },
    }));
    const response = await fetch(`${baseUrl}/fhir/sandbox`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/fhir+json' },
      body: JSON.stringify({ resourceType: 'Bundle', type: 'batch', entry }),
    });
    if (!response.ok) throw new Error(`sandbox batch: ${response.status} ${await response.text()}`);
    const bundle = await response.json();
    for (const [i, item] of (bundle.entry ?? []).entries()) {
      if (/^20\d/.test(item.response?.status ?? '')) stored += 1;
      else refused.push(`${entry[i].request.url}: ${JSON.stringify(item.response).slice(0, 300)}`);
    }
  }
  return { stored, refused };
}
