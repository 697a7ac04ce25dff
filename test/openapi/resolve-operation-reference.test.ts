import { beforeAll, describe, expect, it } from 'vitest';
import type { LoadedSpec, LoadedSpecs } from '../../pipeline/openapi/loaded-spec.ts';
import { resolveOperationReference } from '../../pipeline/openapi/resolve-operation-reference.ts';
import { loadFixtureSpecs } from './load-fixture-specs.ts';

describe('resolveOperationReference', () => {
  let specs: LoadedSpecs;
  const resolved = (reference: string, scope?: string | string[]): string => {
    const resolution = resolveOperationReference(specs, reference, typeof scope === 'string' ? [scope] : scope);
    return resolution.ok
      ? `${resolution.spec.file} ${resolution.operation.method} ${resolution.operation.path}`
      : `error: ${resolution.message} | ${resolution.hint ?? ''}`;
  };
  beforeAll(async () => {
    specs = (await loadFixtureSpecs()).result.specs;
  });

  it('resolves METHOD /path against the spec in scope, methods in any case, trailing slashes and parameter names tolerated', () => {
    expect(resolved('GET /products', 'shop.yaml')).toBe('shop.yaml GET /products');
    expect(resolved('post /products/', 'shop.yaml')).toBe('shop.yaml POST /products');
    expect(resolved('Delete /products/{id}', 'shop.yaml')).toBe('shop.yaml DELETE /products/{productId}');
    expect(resolved('POST /pets', ['shop.yaml', 'pets.json'])).toBe('pets.json POST /pets');
  });

  it('resolves webhooks, named specs with or without leading slash or extension, and searches every spec without a scope', () => {
    expect(resolved('webhook order.created', 'shop.yaml')).toBe('shop.yaml POST order.created');
    expect(resolved('/pets.json GET /pets', 'shop.yaml')).toBe('pets.json GET /pets');
    expect(resolved('pets GET /pets')).toBe('pets.json GET /pets');
    expect(resolved('shop GET /health')).toBe('shop.yaml GET /health');
    expect(resolved('GET /pets')).toBe('pets.json GET /pets');
  });

  it('resolves legacy `METHOD https://host/base/path` references by removing the server base path', () => {
    expect(resolved('GET https://api.shop.example/v2/products/{productId}')).toBe(
      'shop.yaml GET /products/{productId}',
    );
    expect(resolved('get https://petstore.example/v1/pets')).toBe('pets.json GET /pets');
  });

  it('fails with the closest existing operations, an unknown spec name, or a malformed reference', () => {
    expect(resolved('GET /product', 'shop.yaml')).toBe(
      'error: Cannot find the operation `GET /product` in `shop.yaml` | Closest operations: `GET /products`, `POST /products`, `GET /health`.',
    );
    expect(resolved('nope.yaml GET /products')).toBe(
      'error: Cannot find the spec `nope.yaml` named in `nope.yaml GET /products` | Loaded specs: shop.yaml, pets.json, broken-ref.yaml.',
    );
    const many: LoadedSpecs = new Map(
      Array.from({ length: 40 }, (_, index) => [
        `specs/chain-${index}.json`,
        { file: `specs/chain-${index}.json`, serverPaths: [], operations: [], schemas: {} } as unknown as LoadedSpec,
      ]),
    );
    const manyHint = resolveOperationReference(many, 'specs/chain-7.yaml GET /x');
    expect(manyHint).toMatchObject({
      ok: false,
      hint: 'Loaded specs: specs/chain-7.json, specs/chain-0.json, specs/chain-1.json, specs/chain-17.json, specs/chain-2.json and 35 more.',
    });
    expect(resolved('FETCH /products')).toBe(
      'error: Unexpected operation reference `FETCH /products`, expected `METHOD /path` | ',
    );
    expect(resolveOperationReference(new Map(), 'GET /x')).toEqual({
      ok: false,
      message: 'Cannot resolve `GET /x`: no OpenAPI spec is in scope',
      hint: 'Set `openapi` on this element or on `api.openapi` in docs.json.',
    });
  });

  it('suggests an operation once when several specs in scope hold it', () => {
    const shop = specs.get('shop.yaml');
    if (!shop) throw new Error('fixture spec shop.yaml not loaded');
    const copies: LoadedSpecs = new Map(['a.yaml', 'b.yaml', 'c.yaml'].map((file) => [file, { ...shop, file }]));
    expect(resolveOperationReference(copies, 'GET /product')).toMatchObject({
      ok: false,
      hint: 'Closest operations: `GET /products`, `POST /products`, `GET /health`.',
    });
  });

  it('does not fall back to other specs when the specs in scope were not loaded', () => {
    expect(resolved('GET /products', 'missing.yaml')).toBe(
      'error: Cannot resolve `GET /products`: the spec in scope (`missing.yaml`) was not loaded | ',
    );
    const remote = resolveOperationReference(specs, 'GET /products', ['https://api.example.com/openapi.json']);
    expect(remote).toMatchObject({ ok: false, hint: 'Pass --allow-network to fetch remote specs at build time.' });
    expect(resolved('shop GET /products', 'missing.yaml')).toBe('shop.yaml GET /products');
  });
});
