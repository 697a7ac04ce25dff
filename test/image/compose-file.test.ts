import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { environmentVariablesInCode } from '../helpers/environment-variables.ts';
import { checkoutRoot } from '../helpers/source-files.ts';

interface ComposeService {
  build?: string;
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[] };
}

const compose = parse(readFileSync(path.join(checkoutRoot, 'compose.yaml'), 'utf8')) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const dockerfile = readFileSync(path.join(checkoutRoot, 'Dockerfile'), 'utf8');
const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

/** The `ENV` settings of the image's last stage (`ENV A=1 \ B=2`). */
function imageEnvironment(): Map<string, string> {
  const block = /^ENV ((?:.*\\\n)*.*)$/m.exec(runtimeStage)?.[1] ?? '';
  return new Map([...block.matchAll(/([A-Z_]+)=(\S+)/g)].map((match) => [match[1] as string, match[2] as string]));
}

/**
 * compose.yaml cannot be started here (no Docker engine); these checks hold it to the image it builds and to the code:
 * a setting the code does not read, a mount beside the image's folders or a proxy aimed at another port would make
 * `docker compose up` start a server that does not do what the deploy guide says.
 */
describe('compose.yaml, against the Dockerfile and the code', () => {
  const docsmith = compose.services.docsmith as ComposeService;

  it("builds this checkout's image and sets only variables the code reads", async () => {
    expect(docsmith.build).toBe('.');
    const read = await environmentVariablesInCode();
    const commented = [
      ...readFileSync(path.join(checkoutRoot, 'compose.yaml'), 'utf8').matchAll(/^\s*#\s*([A-Z][A-Z0-9_]+):/gm),
    ].map((match) => match[1] as string);
    for (const name of [...Object.keys(docsmith.environment ?? {}), ...commented])
      expect(read, `compose.yaml sets ${name}`).toContain(name);
  });

  it('mounts the artifacts read-only and the data volume where the image reads them', () => {
    const environment = imageEnvironment();
    const mounts = new Map((docsmith.volumes ?? []).map((volume) => [volume.split(':')[1], volume]));
    expect(mounts.get(environment.get('DOCSMITH_ARTIFACTS'))).toMatch(/:ro$/);
    expect(mounts.get(environment.get('DOCSMITH_DATA'))).toBeDefined();
    expect(runtimeStage).toContain(`VOLUME ["${environment.get('DOCSMITH_DATA')}"]`);
    for (const volume of docsmith.volumes ?? []) {
      const source = volume.split(':')[0] as string;
      if (!source.startsWith('.')) expect(Object.keys(compose.volumes), `named volume ${source}`).toContain(source);
    }
  });

  it('points REDIS_URL at the Redis service, started healthy first, and the proxy at the port the image listens on', () => {
    const redisUrl = new URL(docsmith.environment?.REDIS_URL ?? '');
    expect(Object.keys(compose.services)).toContain(redisUrl.hostname);
    expect(compose.services[redisUrl.hostname]?.healthcheck?.test).toContain('ping');
    expect(docsmith.depends_on).toEqual({ [redisUrl.hostname]: { condition: 'service_healthy' } });
    const port = imageEnvironment().get('PORT');
    expect(runtimeStage).toContain(`EXPOSE ${port}`);
    const proxy = compose.services.proxy as ComposeService;
    expect(proxy.command?.[proxy.command.indexOf('--to') + 1]).toBe(`docsmith:${port}`);
    expect(docsmith.environment?.TRUST_PROXY).toBe('1');
  });
});
