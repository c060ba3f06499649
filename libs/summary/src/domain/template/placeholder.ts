/** `name` or `name:'argument'` after a `|` in a placeholder. */
export interface FilterCall {
  name: string;
  argument: string | null;
}

/**
 * `<<Type[index].path|filter…>>`: the FHIRPath `path` is evaluated on the index-th resource
 * of that type in the input (all resources of the type when there is no index).
 */
export interface Placeholder {
  resourceType: string;
  index: number | null;
  path: string;
  filters: FilterCall[];
}

function quoteArgument(argument: string): string {
  return `'${argument.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The stored form of a placeholder. */
export function formatPlaceholder(placeholder: Placeholder): string {
  const index = placeholder.index === null ? '' : `[${placeholder.index}]`;
  const filters = placeholder.filters
    .map((filter) =>
      filter.argument === null
        ? `|${filter.name}`
        : `|${filter.name}:${quoteArgument(filter.argument)}`,
    )
    .join('');
  return `<<${placeholder.resourceType}${index}.${placeholder.path}${filters}>>`;
}

export function withFilters(placeholder: Placeholder, ...filters: FilterCall[]): Placeholder {
  return { ...placeholder, filters: [...placeholder.filters, ...filters] };
}
