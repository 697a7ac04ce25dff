import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../cli/main.ts';
import packageJson from '../../package.json' with { type: 'json' };

/** Runs the CLI and captures what it writes to stdout. */
async function run(argv: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  const errors = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return { code: await main(argv), out };
  } finally {
    write.mockRestore();
    errors.mockRestore();
  }
}

describe('an operable CLI', () => {
  afterEach(() => {
    process.exitCode = undefined;
  });

  it('prints its version', async () => {
    expect(await run(['--version'])).toEqual({ code: 0, out: `${packageJson.version}\n` });
  });

  it.each([
    'validate',
    'upgrade',
    'build',
    'search',
    'diff',
    'serve',
    'keys',
    'keys create',
    'keys list',
    'keys revoke',
    'keys import',
    'insights',
  ])('shows an example in `%s --help`', async (command) => {
    const { out } = await run([...command.split(' '), '--help']);
    expect(out).toMatch(new RegExp(`Example:\\n  \\$ docsmith ${command.split(' ')[0]}`));
  });

  it('keys take --data like serve, and --origin', async () => {
    const data = await mkdtemp(path.join(tmpdir(), 'docsmith-keys-'));
    try {
      const created = await run([
        'keys',
        'create',
        '--domain',
        'acme',
        '--org',
        'acme',
        '--origin',
        'https://docs.acme.com',
        '--data',
        data,
      ]);
      expect(created.out).toMatch(/^ds_[0-9a-f]{12}_/);
      const stored = JSON.parse(await readFile(path.join(data, 'keys.json'), 'utf8')) as {
        keys: { origins?: string[] }[];
      };
      expect(stored.keys[0]?.origins).toEqual(['https://docs.acme.com']);
      expect((await run(['keys', 'list', '--data', data])).out).toContain('origins=https://docs.acme.com');
      expect(
        (
          await run([
            'keys',
            'create',
            '--domain',
            'acme',
            '--org',
            'acme',
            '--origin',
            'docs.acme.com/path',
            '--data',
            data,
          ])
        ).code,
      ).toBe(2);
      expect((await run(['keys', 'create', '--org', 'acme', '--data', data])).code).toBe(2);
      expect((await run(['keys', 'list', '--data', data])).out.split('\n').filter(Boolean)).toHaveLength(1);
    } finally {
      await rm(data, { recursive: true, force: true });
    }
  });

  it('build takes the site folder or its docs.json (domain: the folder), refuses a --site-url that is not an http(s) URL; search refuses a --page-size outside 1..50 or a version or language the site does not have (exit 2)', async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'docsmith-search-'));
    try {
      const site = path.resolve(import.meta.dirname, '../../sites/acme');
      expect(
        (await run(['build', site, '--out', out, '--quiet', '--no-cache', '--site-url', 'docs.acme.example'])).code,
      ).toBe(2);
      const strict = await run(['build', site, '--out', out, '--quiet', '--no-cache', '--strict']);
      expect(strict.code).toBe(1);
      expect(strict.out).toMatch(
        /^acme: build failed \(--strict: warnings fail it\): 53 pages \(16 endpoint pages\), 1 warning, 0 errors in [\d.]+s; nothing written\n$/,
      );
      // A failed build leaves no build folder (issue #30 item 8).
      expect(await readdir(out)).toEqual([]);
      const fromFile = await run([
        'build',
        path.join(site, 'docs.json'),
        '--out',
        out,
        '--quiet',
        '--no-cache',
        '--site-url',
        'https://docs.acme.example',
      ]);
      expect(fromFile).toMatchObject({ code: 0, out: expect.stringMatching(/^acme: built 53 pages/) });
      const build = path.join(out, 'builds', (await readdir(path.join(out, 'builds')))[0] as string);
      for (const pageSize of ['0', 'abc', '51', '2.5'])
        expect((await run(['search', build, 'webhooks', '--page-size', pageSize])).code).toBe(2);
      expect((await run(['search', build, 'webhooks', '--version', 'v9'])).code).toBe(2);
      expect((await run(['search', build, 'webhooks', '--version', 'v1'])).code).toBe(0);
      expect((await run(['search', build, 'webhooks', '--language', 'xx'])).code).toBe(2);
      expect((await run(['search', build, 'webhooks', '--language', 'fr'])).code).toBe(0);
      const { code, out: results } = await run(['search', build, 'webhooks', '--page-size', '2']);
      expect(code).toBe(0);
      expect(results.match(/^\d+\. /gm)).toHaveLength(2);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('build --quiet says how many warnings it did not show and how to list them', async () => {
    const written: string[] = [];
    const errors = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const out = await mkdtemp(path.join(tmpdir(), 'docsmith-quiet-'));
    const site = path.resolve(import.meta.dirname, '../../sites/acme');
    try {
      expect(await main(['build', site, '--out', out, '--quiet', '--no-cache'])).toBe(0);
    } finally {
      errors.mockRestore();
      await rm(out, { recursive: true, force: true });
    }
    expect(written.join('')).toContain(
      `acme: 1 warning not shown (--quiet); \`docsmith validate ${site}\` lists them\n`,
    );
  });

  it('build refuses a malformed DOCSMITH_EMBEDDINGS_RETRIES with the one whole-number message (exit 2)', async () => {
    const written: string[] = [];
    const errors = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    vi.stubEnv('DOCSMITH_EMBEDDINGS_RETRIES', '2.5');
    try {
      expect(
        await main([
          'build',
          path.resolve(import.meta.dirname, '../../sites/acme'),
          '--embeddings-url',
          'http://127.0.0.1:9/v1',
        ]),
      ).toBe(2);
    } finally {
      vi.unstubAllEnvs();
      errors.mockRestore();
    }
    expect(written.join('')).toBe(
      'docsmith build: Unexpected DOCSMITH_EMBEDDINGS_RETRIES=2.5, expected a whole number ≥ 0\n',
    );
  });

  it('keys refuse a domain that is no domain name (exit 2), before writing anything', async () => {
    const data = await mkdtemp(path.join(tmpdir(), 'docsmith-keys-'));
    try {
      expect(
        (await run(['keys', 'create', '--domain', 'acme', '--domain', 'bad/dom', '--org', 'a', '--data', data])).code,
      ).toBe(2);
      expect(await readdir(data)).toEqual([]);
    } finally {
      await rm(data, { recursive: true, force: true });
    }
  });

  it('keys refuse a keys file they cannot read (exit 1) and leave it as it was', async () => {
    const data = await mkdtemp(path.join(tmpdir(), 'docsmith-keys-'));
    try {
      const file = path.join(data, 'keys.json');
      await writeFile(file, '{"keys": [{"id": "abc",}]}\n');
      expect(await run(['keys', 'list', '--data', data])).toEqual({ code: 1, out: '' });
      expect((await run(['keys', 'create', '--domain', 'acme', '--org', 'acme', '--data', data])).code).toBe(1);
      expect((await run(['keys', 'revoke', 'abc', '--data', data])).code).toBe(1);
      expect(await readFile(file, 'utf8')).toBe('{"keys": [{"id": "abc",}]}\n');
    } finally {
      await rm(data, { recursive: true, force: true });
    }
  });

  it('keys with REDIS_URL at a Redis that is not there end with one line and exit 1, no stack trace', async () => {
    vi.stubEnv('REDIS_URL', 'redis://127.0.0.1:1');
    let err = '';
    const errors = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      err += String(chunk);
      return true;
    });
    try {
      expect(await main(['keys', 'list'])).toBe(1);
    } finally {
      errors.mockRestore();
      vi.unstubAllEnvs();
    }
    expect(err).toMatch(/^docsmith keys: Redis is unavailable: [^\n]+\n$/);
  });
});
