import { mkdir, mkdtemp, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchedSiteSource } from '../../cli/dev/watched-site-source.ts';
import { testSiteFiles } from '../helpers/publish-test-site.ts';

describe('a site kept up to date file by file (docsmith dev)', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'docsmith-watched-'));
    for (const [file, text] of Object.entries(testSiteFiles())) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    }
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('reads the files that changed, drops removed files and folders, lists new assets', async () => {
    const watched = await watchedSiteSource(root);
    await writeFile(path.join(root, 'billing.mdx'), '---\ntitle: Billing\n---\n\nNew text.\n');
    await writeFile(path.join(root, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0]));
    await rm(path.join(root, 'cli'), { recursive: true });
    expect(
      await watched.apply([
        { path: 'billing.mdx', kind: 'changed' },
        { path: 'logo.png', kind: 'changed' },
        { path: 'cli', kind: 'removed' },
      ]),
    ).toBe('files');
    expect(watched.source.files.get('billing.mdx')).toContain('New text.');
    expect([...watched.source.files.keys()].sort()).toEqual(['billing.mdx', 'docs.json', 'quickstart.mdx']);
    expect(watched.source.assetFiles?.has('logo.png')).toBe(true);

    await unlink(path.join(root, 'billing.mdx'));
    await watched.apply([{ path: 'billing.mdx', kind: 'removed' }]);
    expect(watched.source.files.has('billing.mdx')).toBe(false);
  });

  it('says a save that changed no content (the same bytes, a touch, an asset written again) needs no build', async () => {
    const watched = await watchedSiteSource(root);
    const text = watched.source.files.get('billing.mdx') ?? '';
    await writeFile(path.join(root, 'billing.mdx'), text);
    await writeFile(path.join(root, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0]));
    expect(await watched.apply([{ path: 'logo.png', kind: 'changed' }])).toBe('files');
    await writeFile(path.join(root, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1]));
    expect(
      await watched.apply([
        { path: 'billing.mdx', kind: 'changed' },
        { path: 'billing.mdx', kind: 'changed' },
        { path: 'logo.png', kind: 'changed' },
      ]),
    ).toBe('unchanged');
    await writeFile(path.join(root, 'billing.mdx'), `${text}\nMore.\n`);
    expect(await watched.apply([{ path: 'billing.mdx', kind: 'changed' }])).toBe('files');
    expect(await watched.apply([{ path: 'cli', kind: 'changed' }])).toBe('files');
  });

  it('leaves out what the site excludes, and reads the whole site again when .mintignore changes', async () => {
    const watched = await watchedSiteSource(root);
    expect(watched.isExcluded('node_modules/x/readme.md')).toBe(true);
    expect(watched.isExcluded('.git/')).toBe(true);
    expect(watched.isExcluded('dist/')).toBe(false);
    expect(watched.isExcluded('.mintignore')).toBe(false);
    await writeFile(path.join(root, '.mintignore'), 'billing.mdx\n');
    expect(await watched.apply([{ path: '.mintignore', kind: 'changed' }])).toBe('site');
    expect(watched.source.files.has('billing.mdx')).toBe(false);
    expect(watched.source.mintIgnore).toBe('billing.mdx\n');
    expect(watched.isExcluded('billing.mdx')).toBe(true);
    await writeFile(path.join(root, 'billing.mdx'), 'changed');
    await watched.apply([{ path: 'billing.mdx', kind: 'changed' }]);
    expect(watched.source.files.has('billing.mdx')).toBe(false);
  });

  it('reads the whole site again when a page starts naming a file inside a dot-folder', async () => {
    const watched = await watchedSiteSource(root);
    await mkdir(path.join(root, 'snippets/.cache'), { recursive: true });
    await writeFile(path.join(root, 'snippets/.cache/generated.mdx'), 'Generated text.\n');
    await writeFile(
      path.join(root, 'billing.mdx'),
      "---\ntitle: Billing\n---\n\nimport Generated from '/snippets/.cache/generated.mdx';\n\n<Generated />\n",
    );
    expect(await watched.apply([{ path: 'billing.mdx', kind: 'changed' }])).toBe('site');
    expect(watched.source.files.get('snippets/.cache/generated.mdx')).toBe('Generated text.\n');
  });

  it('never reads a page linked during the session to a file outside the site, as the first read does', async () => {
    const outside = await mkdtemp(path.join(tmpdir(), 'docsmith-outside-'));
    try {
      await writeFile(path.join(outside, 'secret.mdx'), '---\ntitle: Secret\n---\n\nOutside text.\n');
      const watched = await watchedSiteSource(root);
      await symlink(path.join(outside, 'secret.mdx'), path.join(root, 'secret.mdx'));
      await watched.apply([{ path: 'secret.mdx', kind: 'changed' }]);
      expect(watched.source.files.has('secret.mdx')).toBe(false);
      expect(watched.source.skippedFiles?.get('secret.mdx')).toEqual({ reason: 'outside-site' });
      expect((await watchedSiteSource(root)).source.skippedFiles?.get('secret.mdx')).toEqual({
        reason: 'outside-site',
      });
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('keeps the last text of a page it cannot read, and says why', async () => {
    const unreadable: string[] = [];
    const watched = await watchedSiteSource(root, { onUnreadable: (message) => unreadable.push(message) });
    const before = watched.source.files.get('billing.mdx');
    // A folder where the page was stands in for a page made unreadable (chmod 000 stops no test run as root).
    await rm(path.join(root, 'billing.mdx'));
    await mkdir(path.join(root, 'billing.mdx'));
    await watched.apply([{ path: 'billing.mdx', kind: 'changed' }]);
    expect(watched.source.files.get('billing.mdx')).toBe(before);
    expect(unreadable).toEqual([
      expect.stringMatching(/billing\.mdx: cannot read this file \(EISDIR\); its last text is kept$/),
    ]);
  });

  it('keeps a page reported removed that is still there (chokidar reports a chmod 000 so)', async () => {
    const watched = await watchedSiteSource(root);
    const before = watched.source.files.get('billing.mdx');
    await watched.apply([{ path: 'billing.mdx', kind: 'removed' }]);
    expect(watched.source.files.get('billing.mdx')).toBe(before);
  });
});
