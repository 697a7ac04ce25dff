import { isRemoteSpec, normalizeSpecPath } from '../site-model/collect-spec-references.ts';

const SPEC_EXTENSIONS = ['', '.json', '.yaml', '.yml'];

/**
 * The site file a reference's spec name means (`/es/api/v2-openapi.json`, `es/api/v2-openapi` →
 * `es/api/v2-openapi.json`): with or without leading slash, with or without extension; undefined for URLs
 * and names no file matches.
 */
export function findSpecFile(name: string, exists: (file: string) => boolean): string | undefined {
  if (isRemoteSpec(name.trim())) return undefined;
  const normalized = normalizeSpecPath(name);
  return SPEC_EXTENSIONS.map((extension) => normalized + extension).find(
    (file) => /\.(?:json|ya?ml)$/i.test(file) && exists(file),
  );
}
