import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import { buildAssistantPrompt, readPromptSources } from '../../runtime/assistant/assistant-prompt.ts';
import { composeAnswer } from '../../runtime/assistant/compose-answer.ts';
import { selectSourceSections } from '../../runtime/assistant/select-source-sections.ts';
import { sourcesFromResults } from '../../runtime/assistant/sources-from-results.ts';
import { stepHeading, stepRuns } from '../../runtime/assistant/step-heading.ts';
import { loadSearchIndex, search, type SearchIndex } from '../../runtime/search/index.ts';
import { pageSections } from '../../runtime/search/page-sections.ts';

/** A self-hosting page whose procedure is a run of numbered sections, with a reason to update before it and a tab group and an output block in its steps. */
const site = {
  'docs.json': JSON.stringify({
    theme: 'mint',
    name: 'Example',
    colors: { primary: '#16A34A' },
    navigation: { groups: [{ group: 'Self-hosting', pages: ['self-hosting/update', 'self-hosting/production'] }] },
  }),
  'self-hosting/update.mdx': [
    '---\ntitle: Update your instance\n---',
    '## Why update?\n\nEach release fixes bugs and closes security issues.',
    '## Update process',
    '### 1. Open the repository\n\nGo to the folder where you cloned the instance.',
    '### 2. Fetch the latest release\n\nPull the newest tag:\n\n```bash\ngit fetch --tags\ngit checkout $(git describe --tags --abbrev=0)\n```',
    '### 3. Restart the instance\n\nStart the updated services with Docker or Podman:\n\n```bash Docker\ndocker compose up -d\n```\n\n```bash Podman\npodman compose up -d\n```\n\nYou should see every service running:\n\n```\nNAME   STATUS\napi    running\n```',
    '## Roll back\n\nCheck out the previous tag and restart.',
  ].join('\n\n'),
  'self-hosting/production.mdx': [
    '---\ntitle: Running in production\n---',
    '## 1. Install the server\n\nDownload the binary and make it executable:\n\n```bash\ncurl -L https://example.com/install | sh\n```',
    '## 2. Create a system user\n\nRun it as its own user:\n\n```bash\nuseradd -r example\n```',
    '## 3. Run it as a service\n\nA systemd service starts the server at every boot. Enable it with systemctl:\n\n```bash\nsystemctl enable example\nsystemctl start example\n```',
  ].join('\n\n'),
};

/** The offline answer to a question, as the assistant composes it: search, sections, prompt, composer. */
function answerOf(index: SearchIndex, question: string): string {
  const results = search(index, question, { pageSize: 3 });
  const selected = selectSourceSections(question, results, (path) => pageSections(index, path));
  const sources = sourcesFromResults(results, { siteUrl: 'https://docs.example.com', domain: 'example' }, selected);
  return composeAnswer(question, undefined, readPromptSources(buildAssistantPrompt({ question, sources }).system)).join(
    '',
  );
}

describe('numbered step sections', () => {
  let index: SearchIndex;
  beforeAll(async () => {
    const built = await buildSite(siteSourceFromObject(site), { domain: 'example' });
    index = loadSearchIndex(JSON.parse(built.files.get('search.json') as string));
  });

  it('reads the step a heading numbers, and the runs of steps 1, 2, 3… under one heading', () => {
    expect(stepHeading('Step 2: Configure the webhook')).toEqual({ number: 2, title: 'Configure the webhook' });
    expect(stepHeading('4) Restart')).toEqual({ number: 4, title: 'Restart' });
    expect(stepHeading('10 tips for production')).toBeUndefined();
    expect(stepHeading('2024 release notes')).toBeUndefined();
    expect(
      stepRuns([
        [],
        ['Why'],
        ['Process', '1. A'],
        ['Process', '2. B'],
        ['Process', '2. B', 'Note'],
        ['Process', '3. C'],
        ['Other'],
      ]),
    ).toEqual([[2, 3, 4, 5]]);
    expect(stepRuns([['1. A'], ['3. C']])).toEqual([]);
    expect(stepRuns([['P', '1. A'], ['P', '2. B'], ['P', '2. B', '1. Sub'], ['P', '3. C'], ['Q']])).toEqual([
      [0, 1, 2, 3],
    ]);
  });

  it('answers a task with the whole procedure, numbered, each step with its code, one tab of a group, no output', () => {
    expect(answerOf(index, 'update my self-hosted instance to the latest release')).toMatchInlineSnapshot(`
      "Each release fixes bugs and closes security issues [1]. From Update your instance › Update process [1]:

      1. Open the repository: Go to the folder where you cloned the instance.
      2. Fetch the latest release: Pull the newest tag:

         \`\`\`bash
         git fetch --tags
         git checkout $(git describe --tags --abbrev=0)
         \`\`\`

      3. Restart the instance: Start the updated services with Docker or Podman:

         \`\`\`bash
         docker compose up -d
         \`\`\`

      "
    `);
  });

  it('quotes only the step a question names when the headings above the steps do not name it', () => {
    const answer = answerOf(index, 'make the server start at boot with systemd');
    expect(answer).toContain('systemctl enable example');
    expect(answer).not.toContain('useradd');
    expect(answer).not.toMatch(/^From Running in production/);
  });

  it('keeps a numbered sub-step in its step, and a sibling that is no step out of the walkthrough', () => {
    const page = {
      number: 1,
      title: 'Deploy › Deploy process › 1. Build the image',
      text: 'Build the image of the app:\n```bash\ndocker build -t app .\n```',
      sections: [
        { title: 'Deploy › Deploy process › 2. Push the image', text: 'Push it to your registry.' },
        {
          title: 'Deploy › Deploy process › 2. Push the image › 1. Log in to the registry',
          text: 'Log in first:\n```bash\ndocker login registry.example.com\n```',
        },
        { title: 'Deploy › Deploy process › 3. Deploy the image', text: 'Roll it out:\n```bash\napp deploy\n```' },
        { title: 'Deploy › Deploy process › Troubleshooting', text: 'A failed push prints the registry error.' },
      ],
    };
    const answer = composeAnswer('deploy the app image to the registry', undefined, [page]).join('');
    expect(answer).toMatch(/^From Deploy › Deploy process \[1\]:/);
    expect(answer).toContain('docker login registry.example.com');
    expect(answer).toContain('3. Deploy the image: Roll it out:');
    expect(answer).not.toContain('Troubleshooting');
  });
});
