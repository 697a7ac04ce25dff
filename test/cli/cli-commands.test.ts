import { execFile, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_FORMATS_SINCE } from '../../contract/artifact-format.ts';
import { expandManifestPages } from '../../schemas/expand-manifest-pages.ts';
import type { Manifest } from '../../schemas/manifest.ts';

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, '../../bin/docsmith.js');
const fixtures = path.resolve(import.meta.dirname, '../fixtures/diff');

/** Runs the real CLI and resolves to its exit code and output, whatever the code. */
async function docsmith(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], { maxBuffer: 32 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

describe('docsmith CLI', { timeout: 60_000 }, () => {
  it('prints its version from the compiled code', async () => {
    const { version } = JSON.parse(await readFile(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
      version: string;
    };
    expect(await docsmith('--version')).toMatchObject({ code: 0, stdout: `${version}\n` });
  });

  it('ends quietly when its reader closes the pipe early (`docsmith serve --help | head -1`)', async () => {
    const child = spawn(process.execPath, [cli, 'serve', '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-cli-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('validate: exit 0 with warnings, 1 when invalid, --strict fails on warnings, JSON report', async () => {
    const site = path.join(directory, 'site');
    await mkdir(site);
    await writeFile(
      path.join(site, 'docs.json'),
      '{\n  "theme": "mint",\n  "name": "A",\n  "colors": { "primary": "#16A34A" },\n  "navigaton": {},\n  "navigation": { "pages": ["index"] }\n}\n',
    );
    await writeFile(path.join(site, 'index.mdx'), '---\ntitle: Home\n---\n');
    const ok = await docsmith('validate', site);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('5:3  warning  Unexpected key `navigaton` at the top level');
    expect(ok.stdout).toContain('Did you mean `navigation`?');
    expect((await docsmith('validate', site, '--strict')).code).toBe(1);
    const json = JSON.parse((await docsmith('validate', path.join(site, 'docs.json'), '--format', 'json')).stdout) as {
      valid: boolean;
      warnings: { pointer: string; line: number; column: number; ruleId: string }[];
    };
    expect(json.valid).toBe(true);
    expect(json.warnings[0]).toMatchObject({ pointer: '/navigaton', line: 5, column: 3, ruleId: 'unknown-key' });
    await writeFile(
      path.join(site, 'docs.json'),
      '{"theme": "mint", "name": "A", "colors": {"primary": "#16A34A"}, "navigation": {"pages": ["index"]},}',
    );
    const syntax = await docsmith('validate', site);
    expect(syntax.code).toBe(1);
    expect(syntax.stdout).toMatch(/1:\d+\s+error .*json-syntax/);
  });

  it.each([
    [
      'a missing path, even with --format json',
      ['validate', '/no/such/site', '--format', 'json'],
      /no such file or directory/,
    ],
    ['a folder without docs.json', ['validate', 'EMPTY'], /no docs.json here/],
    [
      'a page instead of the site',
      ['validate', 'PAGE'],
      /Unexpected file `page.mdx`, expected a site folder or its docs.json/,
    ],
    ['a binary docs.json', ['validate', 'BINARY'], /binary data/],
    ['a 50 MB docs.json', ['validate', 'HUGE'], /too large for a docs.json/],
  ])('fails clearly on %s, without a stack trace', async (_name, args, message) => {
    const empty = path.join(directory, 'empty');
    const binary = path.join(directory, 'binary');
    const huge = path.join(directory, 'huge');
    await mkdir(empty, { recursive: true });
    await mkdir(binary, { recursive: true });
    await mkdir(huge, { recursive: true });
    await writeFile(path.join(binary, 'docs.json'), Buffer.from([0x7b, 0x00, 0xff, 0x7d]));
    await writeFile(path.join(empty, 'page.mdx'), '---\ntitle: Page\n---\n');
    await writeFile(path.join(huge, 'docs.json'), `{"name": "${'x'.repeat(50 * 1024 * 1024)}"}`);
    const target = (args as string[]).map(
      (arg) => ({ EMPTY: empty, BINARY: binary, HUGE: huge, PAGE: path.join(empty, 'page.mdx') })[arg] ?? arg,
    );
    const result = await docsmith(...target);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message as RegExp);
    expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(result.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it('validate: a $ref to itself is an error, not a hang or a crash', async () => {
    const site = path.join(directory, 'self-ref');
    await mkdir(site, { recursive: true });
    await writeFile(path.join(site, 'docs.json'), '{"$ref": "docs.json"}');
    const result = await docsmith('validate', site);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('ref-cycle');
  });

  it('build: a failed build leaves no build folder and publishes nothing (issue #30 item 8)', async () => {
    const site = path.join(directory, 'failing');
    await mkdir(site);
    await writeFile(
      path.join(site, 'docs.json'),
      JSON.stringify({
        theme: 'mint',
        name: 'Failing',
        colors: { primary: '#0F766E' },
        navigation: { pages: ['index', 'broken'] },
      }),
    );
    await writeFile(path.join(site, 'index.mdx'), '---\ntitle: Home\n---\n\nHello.\n');
    await writeFile(path.join(site, 'broken.mdx'), '---\ntitle: Broken\n---\n\n<Note>never closed\n');
    const out = path.join(directory, 'dist-failing');
    const failed = await docsmith('build', site, '--out', out, '--publish', '--no-cache');
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(
      /^failing: build failed: 2 pages \(0 endpoint pages\), 0 warnings, 1 error in [\d.]+s; nothing written, not published\n$/,
    );
    await expect(readdir(out)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('build publishes once, search reads the release, diff flags breaking changes', async () => {
    const out = path.join(directory, 'dist', 'diffco');
    const before = path.join(directory, 'before');
    await cp(path.join(fixtures, 'before'), before, { recursive: true });
    const first = await docsmith('build', before, '--out', out, '--domain', 'diffco', '--publish');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/diffco: built 9 pages \(2 endpoint pages\), \d+ warnings?, 0 errors .*, published/);
    const again = await docsmith('build', before, '--out', out, '--domain', 'diffco', '--publish');
    expect(again.stdout).toContain('(unchanged), already current');
    const buildId = (JSON.parse(await readFile(path.join(out, 'current'), 'utf8')) as { buildId: string }).buildId;

    const found = JSON.parse((await docsmith('search', out, 'cancel my subscription', '--format', 'json')).stdout) as {
      path: string;
    }[];
    expect(found[0]?.path).toBe('faq');
    // `--version` after the command is the search filter, not the program's version flag (an unversioned site: every page passes).
    const filtered = await docsmith('search', out, 'cancel my subscription', '--version', 'v9', '--format', 'json');
    expect(JSON.parse(filtered.stdout)).toEqual(found);
    const scores = async (pageSize: number): Promise<number[]> =>
      (
        JSON.parse(
          (await docsmith('search', out, 'guide', '--page-size', String(pageSize), '--format', 'json')).stdout,
        ) as { score: number }[]
      ).map((result) => result.score);
    expect(await scores(1)).toEqual([1]);
    const five = await scores(5);
    expect(five.length).toBeGreaterThan(3);
    expect(await scores(3)).toEqual(five.slice(0, 3));

    const afterOut = path.join(directory, 'dist-after', 'diffco');
    expect(
      (await docsmith('build', path.join(fixtures, 'after'), '--out', afterOut, '--domain', 'diffco', '--publish'))
        .code,
    ).toBe(0);
    const oldBuild = path.join(out, 'builds', buildId);
    const markdown = await docsmith('diff', oldBuild, afterOut, '--format', 'markdown', '--fail-on-breaking');
    expect(markdown.code).toBe(1);
    expect(markdown.stdout).toContain('| ⚠️ breaking | `guides/legacy` | moved to `archive/legacy`, no redirect |');
    expect((await docsmith('diff', oldBuild, path.join(oldBuild, 'manifest.json'), '--fail-on-breaking')).code).toBe(0);
    // A build of an earlier docsmith (manifest format 1, search format 4) is refused with one message, not compared or searched.
    const formatOne = path.join(directory, 'format-1-build');
    await cp(oldBuild, formatOne, { recursive: true });
    const { contents, ...oldManifest } = JSON.parse(
      await readFile(path.join(oldBuild, 'manifest.json'), 'utf8'),
    ) as Manifest;
    await writeFile(
      path.join(formatOne, 'manifest.json'),
      JSON.stringify({ ...oldManifest, formatVersion: 1, pages: expandManifestPages({ ...oldManifest, contents }) }),
    );
    const acrossFormats = await docsmith('diff', formatOne, afterOut);
    expect(acrossFormats).toMatchObject({ code: 2, stdout: '' });
    expect(acrossFormats.stderr).toBe(
      `docsmith diff: ${formatOne}: built by docsmith < ${CURRENT_FORMATS_SINCE} (manifest.json format 1, this docsmith reads format 2): rebuild with \`docsmith build\`\n`,
    );
    const searchJson = path.join(formatOne, 'search.json');
    await writeFile(
      searchJson,
      (await readFile(searchJson, 'utf8')).replace('{"formatVersion":5,', '{"formatVersion":4,'),
    );
    const oldSearch = await docsmith('search', formatOne, 'cancel my subscription');
    expect(oldSearch.code).toBe(2);
    expect(oldSearch.stderr).toBe(
      `docsmith search: built by docsmith < ${CURRENT_FORMATS_SINCE} (search.json format 4, this docsmith reads format 5): rebuild with \`docsmith build\`\n`,
    );
    const missing = await docsmith('diff', oldBuild, path.join(directory, 'nowhere'));
    expect(missing.code).toBe(2);
  });
});
