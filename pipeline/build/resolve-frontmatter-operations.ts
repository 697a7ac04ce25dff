import type { PageSection, ParsedPage } from '../content/parsed-page.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { LoadedSpecs } from '../openapi/load-openapi-specs.ts';
import { operationToEndpointContent } from '../openapi/operation-to-endpoint-content.ts';
import { resolveOperationReference } from '../openapi/resolve-operation-reference.ts';

/** The operation an MDX page documents through its frontmatter, and the text it adds to the page. */
export interface FrontmatterOperation {
  operation: { specFile: string; method: string; path: string };
  sections: PageSection[];
}

/**
 * Resolves frontmatter `openapi: "METHOD /path"` / `"spec METHOD /path"` and legacy `api: "METHOD url"` of
 * pages to their operations, whose parameters, body and responses are added to the page's searchable text.
 * Unresolvable references are `unknown-operation` errors at the page.
 */
export function resolveFrontmatterOperations(pages: Iterable<ParsedPage>, specs: LoadedSpecs): { byFile: Map<string, FrontmatterOperation>; diagnostics: Diagnostic[] } {
  const byFile = new Map<string, FrontmatterOperation>();
  const diagnostics: Diagnostic[] = [];
  for (const page of pages) {
    const reference = referenceOf(page.frontmatter);
    if (!reference) continue;
    const resolution = resolveOperationReference(specs, reference);
    if (!resolution.ok) {
      diagnostics.push({ file: page.file, line: 1, column: 1, severity: specs.size === 0 ? 'warning' : 'error', ruleId: 'unknown-operation', message: `${resolution.message} (frontmatter of the page)`, ...(resolution.hint ? { hint: resolution.hint } : {}) });
      continue;
    }
    const content = operationToEndpointContent(resolution.operation);
    byFile.set(page.file, {
      operation: { specFile: resolution.spec.file, method: resolution.operation.webhook ? 'WEBHOOK' : resolution.operation.method, path: resolution.operation.path },
      sections: content.sections.map((section) => (section.anchor === '' ? { ...section, anchor: 'api', headingPath: ['API'] } : section)),
    });
  }
  return { byFile, diagnostics };
}

function referenceOf(frontmatter: Record<string, unknown>): string | undefined {
  if (typeof frontmatter.openapi === 'string' && frontmatter.openapi.trim()) return frontmatter.openapi.trim();
  if (typeof frontmatter.api === 'string') {
    const legacy = /^(\w+)\s+(?:https?:\/\/[^/\s]+)?(\/\S*)$/.exec(frontmatter.api.trim());
    if (legacy) return `${legacy[1]} ${legacy[2]}`;
  }
  return undefined;
}
