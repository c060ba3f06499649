import type { ResourceEntry } from '../../fhir/fhir-input.js';
import { readableName } from '../../fhir/readable-name.js';
import { dayOf, detail, firstDate, type IpsItem, type SectionContext } from '../ips-item.js';

/** Devices used, from DeviceUseStatements (the entries the IPS section admits). */
export function medicalDeviceItems(
  entries: readonly ResourceEntry[],
  context: SectionContext,
): IpsItem[] {
  return entries
    .filter(({ resource }) => resource.resourceType === 'DeviceUseStatement')
    .map((entry): IpsItem => {
      const { resource } = entry;
      const device = context.references.resolve(resource.device, resource);
      const display = (resource.device as { display?: unknown } | undefined)?.display;
      const date = firstDate(resource, ['timingDateTime', 'timingPeriod', 'recordedOn']);
      return {
        entry,
        date,
        text: device
          ? readableName(device, context.references)
          : typeof display === 'string'
            ? display
            : 'Unspecified device',
        details: [...detail('status', String(resource.status)), ...detail('since', dayOf(date))],
      };
    });
}
