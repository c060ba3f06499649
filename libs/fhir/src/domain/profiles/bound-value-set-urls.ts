import { snapshotElements } from './profile-snapshot.js';
import { profileBindings } from './value-set-bindings.js';

/** The canonical urls of the value sets the profile's top-level elements are bound to (required or extensible). */
export function boundValueSetUrls(sd: Record<string, unknown>): string[] {
  const urls = profileBindings(snapshotElements(sd), String(sd.type)).map((b) => b.valueSet);
  return [...new Set(urls)];
}
