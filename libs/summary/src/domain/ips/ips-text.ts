import type { IpsItem } from './ips-item.js';
import type { IpsSection } from './ips-sections.js';

export const NONE_DOCUMENTED = 'None documented';

export function itemLine(item: IpsItem): string {
  return item.details.length > 0 ? `${item.text} (${item.details.join('; ')})` : item.text;
}

/**
 * The plain-text IPS: a title line, then one block per section: its title, then one
 * `- item (details)` line per item, or `None documented`.
 */
export function renderIpsText(patientName: string, sections: readonly IpsSection[]): string {
  const blocks = sections.map((section) =>
    [
      section.definition.title,
      ...(section.items.length === 0
        ? [NONE_DOCUMENTED]
        : section.items.map((item) => `- ${itemLine(item)}`)),
    ].join('\n'),
  );
  return [`International Patient Summary for ${patientName}`, ...blocks].join('\n\n');
}
