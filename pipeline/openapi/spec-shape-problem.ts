/** Why a parsed document is not a usable OpenAPI 3.0/3.1 spec, or undefined when it is. */
export function specShapeProblem(document: unknown): string | undefined {
  if (!document || typeof document !== 'object' || Array.isArray(document))
    return 'Unexpected spec content, expected an OpenAPI object';
  const record = document as Record<string, unknown>;
  if (record.openapi === undefined)
    return 'Unexpected spec without `openapi` version, expected an OpenAPI 3.0 or 3.1 document';
  if (!/^3\.[01](\.\d+)?$/.test(String(record.openapi)))
    return `Unexpected OpenAPI version \`${String(record.openapi)}\`, expected 3.0.x or 3.1.x`;
  const hasPaths =
    record.paths !== undefined &&
    typeof record.paths === 'object' &&
    record.paths !== null &&
    !Array.isArray(record.paths);
  const hasWebhooks = record.webhooks !== undefined && typeof record.webhooks === 'object' && record.webhooks !== null;
  if (!hasPaths && !hasWebhooks) return 'Unexpected spec without `paths`, expected a `paths` object';
  return undefined;
}
