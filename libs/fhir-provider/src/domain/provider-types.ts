/** Server products a provider can be; `sandbox` is the service's own server and cannot be registered. */
export const PROVIDER_TYPES = [
  'aidbox',
  'athenahealth',
  'canvas',
  'cerner',
  'elation',
  'epic',
  'firely',
  'google_healthcare',
  'hapi',
  'meditech',
  'medplum',
  'sandbox',
] as const;

export type ProviderType = (typeof PROVIDER_TYPES)[number];

export const SANDBOX = 'sandbox';

export function isProviderType(value: string): value is ProviderType {
  return (PROVIDER_TYPES as readonly string[]).includes(value);
}
