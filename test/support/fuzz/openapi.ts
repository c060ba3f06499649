/** The write operations of the service's own OpenAPI document, with their body schemas resolved. */
export interface JsonSchema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  description?: string;
  example?: unknown;
}

export interface WriteOperation {
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  pathParams: string[];
  headerParams: string[];
  bodySchema?: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

export function writeOperations(document: OpenApiDocument): WriteOperation[] {
  const schemas = document.components?.schemas ?? {};
  const resolve = (
    schema: JsonSchema | undefined,
    seen = new Set<string>(),
  ): JsonSchema | undefined => {
    if (!schema) return undefined;
    if (schema.$ref) {
      const name = schema.$ref.split('/').pop()!;
      if (seen.has(name)) return { type: 'object' };
      return resolve(schemas[name], new Set([...seen, name]));
    }
    const resolved: JsonSchema = { ...schema };
    if (schema.properties)
      resolved.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([key, value]) => [key, resolve(value, seen)!]),
      );
    if (schema.items) resolved.items = resolve(schema.items, seen);
    if (schema.oneOf) resolved.oneOf = schema.oneOf.map((item) => resolve(item, seen)!);
    if (schema.anyOf) resolved.anyOf = schema.anyOf.map((item) => resolve(item, seen)!);
    if (schema.allOf) resolved.allOf = schema.allOf.map((item) => resolve(item, seen)!);
    return resolved;
  };
  const operations: WriteOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!['post', 'put', 'patch'].includes(method)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const media = content['application/json'] ?? Object.values(content)[0];
      operations.push({
        method: method.toUpperCase() as WriteOperation['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        headerParams: [
          ...new Set(parameters.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase())),
        ],
        bodySchema: resolve(media?.schema),
      });
    }
  }
  return operations;
}
