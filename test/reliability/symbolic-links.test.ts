import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { validateSite } from '../../pipeline/assemble/validate-site.ts';

let directory: string;
let site: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'docsmith-links-'));
  site = path.join(directory, 'site');
  const outside = path.join(directory, 'outside');
  for (const folder of [path.join(site, 'shared'), path.join(site, 'guides'), path.join(outside, 'more')])
    await mkdir(folder, { recursive: true });
  const pages = ['index', 'guides/linked', 'guides/folder/intro', 'guides/secret', 'elsewhere/page'];
  await writeFile(
    path.join(site, 'docs.json'),
    JSON.stringify({ theme: 'mint', name: 'Links', colors: { primary: '#0F766E' }, navigation: { pages } }),
  );
  await writeFile(path.join(site, 'index.mdx'), '---\ntitle: Home\n---\n\nSee [the linked guide](/guides/linked).\n');
  await writeFile(path.join(site, 'shared/common.mdx'), '---\ntitle: Common\n---\n\nShared text.\n');
  await writeFile(path.join(outside, 'secret.mdx'), '---\ntitle: Secret\n---\n\nNever read.\n');
  await writeFile(path.join(outside, 'more/page.mdx'), '---\ntitle: Outside page\n---\n\nNever read.\n');
  // Inside the site: a file link, a folder link, and a link to a folder above it (a loop).
  await symlink(path.join(site, 'shared/common.mdx'), path.join(site, 'guides/linked.mdx'));
  await symlink(path.join(site, 'shared'), path.join(site, 'guides/folder'));
  await symlink(site, path.join(site, 'guides/loop'));
  // Outside the site: a file and a folder.
  await symlink(path.join(outside, 'secret.mdx'), path.join(site, 'guides/secret.mdx'));
  await symlink(path.join(outside, 'more'), path.join(site, 'elsewhere'));
  await writeFile(path.join(site, 'shared/intro.mdx'), '---\ntitle: Intro\n---\n\nIntro through a linked folder.\n');
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('symbolic links in a site (issue #30 item 7)', () => {
  it('follows links that stay inside the site, once, and never reads through one that leaves it', async () => {
    const source = await readSiteSource(site);
    expect(source.files.get('guides/linked.mdx')).toContain('Shared text.');
    expect(source.files.get('guides/folder/intro.mdx')).toContain('Intro through a linked folder.');
    // A link back up to a folder being walked (a loop) is not followed.
    expect([...source.files.keys()].some((file) => file.startsWith('guides/loop/'))).toBe(false);
    expect([...source.files.values()].some((text) => text.includes('Never read.'))).toBe(false);
    expect(source.skippedFiles?.get('guides/secret.mdx')).toEqual({ reason: 'outside-site' });
    expect(source.skippedFiles?.get('elsewhere')).toEqual({ reason: 'outside-site', folder: true });
  });

  it('reports a link out of the site as such, never as a missing page', async () => {
    const source = await readSiteSource(site);
    const result = await buildSite(source, { domain: 'links' });
    expect(await validateSite(source)).toEqual(result.diagnostics);
    expect(result.diagnostics.map(({ file, severity, ruleId }) => `${file} ${severity} ${ruleId}`)).toEqual([
      'elsewhere error symlink-outside-site',
      'guides/secret.mdx error symlink-outside-site',
    ]);
    expect(result.diagnostics[0]?.message).toBe(
      'Unexpected symbolic link to a folder outside the site folder, expected files inside it; its files are not read, and the navigation names pages in it',
    );
    expect(result.manifest?.pages.map((page) => page.path)).toEqual(['index', 'guides/linked', 'guides/folder/intro']);
  });

  it('says that a docs.json linking out of the site is such a link, not a missing configuration', async () => {
    const linked = path.join(directory, 'linked-config');
    await mkdir(linked);
    await writeFile(path.join(linked, 'index.mdx'), '---\ntitle: Home\n---\n\nText.\n');
    await symlink(path.join(site, 'docs.json'), path.join(linked, 'docs.json'));
    const result = await buildSite(await readSiteSource(linked), { domain: 'links' });
    expect(result.diagnostics.map(({ file, severity, ruleId }) => `${file} ${severity} ${ruleId}`)).toEqual([
      'docs.json error symlink-outside-site',
    ]);
    expect(result.manifest).toBeUndefined();
  });
});
