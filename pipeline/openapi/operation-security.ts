import type { SecurityRequirement } from './loaded-spec.ts';
import { isRecord } from '../site-model/is-record.ts';

/**
 * The security requirements in effect for an operation, as the platform reads them (`OpenApiToEndpointConverter`): the
 * operation's `security`, else the document's — a webhook's own only —, each requirement's schemes resolved from
 * `components.securitySchemes`. An empty list (`security: []`) means none; an empty requirement (`{}`) means the
 * request may also go without.
 */
export function operationSecurity(
  document: Record<string, unknown>,
  operation: Record<string, unknown>,
  webhook: boolean,
): SecurityRequirement[] {
  const requirements = operation.security ?? (webhook ? undefined : document.security);
  if (!Array.isArray(requirements)) return [];
  const components = isRecord(document.components) ? document.components : {};
  const schemes = isRecord(components.securitySchemes) ? components.securitySchemes : {};
  return requirements.filter(isRecord).map((requirement) =>
    Object.entries(requirement).map(([name, scopes]) => {
      const scheme = schemes[name];
      return {
        name,
        ...(isRecord(scheme) ? { scheme } : {}),
        scopes: Array.isArray(scopes) ? scopes.map(String) : [],
      };
    }),
  );
}
