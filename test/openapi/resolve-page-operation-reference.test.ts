import { describe, expect, it } from 'vitest';
import type { LoadedSpec, LoadedSpecs } from '../../pipeline/openapi/loaded-spec.ts';
import { resolvePageOperationReference } from '../../pipeline/openapi/resolve-page-operation-reference.ts';

/** Specs holding `GET /bars` (and the files listed without it), in loading order. */
function specsOf(holding: string[], without: string[] = []): LoadedSpecs {
  const spec = (file: string, paths: string[]): [string, LoadedSpec] => [
    file,
    {
      file,
      serverPaths: [],
      schemas: {},
      operations: paths.map((path) => ({ method: 'GET', path, webhook: false })),
    } as unknown as LoadedSpec,
  ];
  return new Map([...holding.map((file) => spec(file, ['/bars'])), ...without.map((file) => spec(file, ['/other']))]);
}

/** `spec-file` for a resolved reference (`(fallback for NAME)` added), or `error: message`. */
function picked(specs: LoadedSpecs, reference: string): string {
  const resolution = resolvePageOperationReference(specs, reference);
  if (!resolution.ok) return `error: ${resolution.message}`;
  return 'fallbackFor' in resolution
    ? `${resolution.spec.file} (fallback for ${resolution.fallbackFor})`
    : resolution.spec.file;
}

describe('resolvePageOperationReference', () => {
  it('takes the spec a name means when it holds the operation', () => {
    const specs = specsOf(['openapi/bars.yml', 'ar/openapi/bars.yml']);
    expect(picked(specs, '/ar/openapi/bars.yml GET /bars')).toBe('ar/openapi/bars.yml');
    expect(picked(specs, 'ar/openapi/bars GET /bars')).toBe('ar/openapi/bars.yml');
    expect(picked(specs, 'GET /bars')).toBe('openapi/bars.yml');
  });

  it("follows the platform's order: the spec the name means, then the first whose path contains the name", () => {
    expect(picked(specsOf(['bars-extra.yml', 'x/bars.yml']), 'bars GET /bars')).toBe('x/bars.yml');
    expect(picked(specsOf(['b/api.yml', 'v2/a/api.yml', 'v3/a/api.yml']), 'a/api GET /bars')).toBe('v2/a/api.yml');
    expect(picked(specsOf(['other.yml', 'x/my-bars-v2.yml']), 'bars-v2 GET /bars')).toBe('x/my-bars-v2.yml');
  });

  it('falls back to the holder nearest the named folder, then the first loaded, and says so', () => {
    const specs = specsOf(['openapi/bars.spec.yml', 'es/openapi/bars_api.spec.yml', 'ar/openapi/bars_api.spec.yml']);
    expect(picked(specs, '/ar/openapi/bars.spec.yml GET /bars')).toBe(
      'ar/openapi/bars_api.spec.yml (fallback for /ar/openapi/bars.spec.yml)',
    );
    expect(picked(specs, '/fr/bars.spec.yml GET /bars')).toBe('openapi/bars.spec.yml (fallback for /fr/bars.spec.yml)');
  });

  it('passes over a named spec without the operation for one that holds it', () => {
    const specs = specsOf(['v2.yml'], ['v1.yml']);
    expect(picked(specs, 'v1.yml GET /bars')).toBe('v2.yml (fallback for v1.yml)');
  });

  it('fails as before when no loaded spec holds the operation', () => {
    const specs = specsOf([], ['v1.yml']);
    expect(picked(specs, 'v1.yml GET /bars')).toBe('error: Cannot find the operation `GET /bars` in `v1.yml`');
    expect(picked(specs, 'nope.yml GET /bars')).toBe(
      'error: Cannot find the spec `nope.yml` named in `nope.yml GET /bars`',
    );
  });
});
