import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};

/** The Node lines the package runs on: the current Node 20 release line's floor that the tooling needs, and Node 24. */
const SUPPORTED_NODES = ['20.19.0', '24.0.0'];

describe('dependencies run on the Node versions docsmith supports', () => {
  it('declares Node 20 as its floor', () => {
    expect(semver.minVersion(manifest.engines.node)?.major).toBe(20);
  });

  it.each(SUPPORTED_NODES)('locks no package whose engines refuse Node %s (npm ci would warn EBADENGINE)', (node) => {
    const refusing = Object.entries(lock.packages)
      .filter(([name]) => name !== '')
      .flatMap(([name, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range && !semver.satisfies(node, range) ? [`${name}@${entry.version} needs node ${range}`] : [];
      });
    expect(refusing).toEqual([]);
  });
});
