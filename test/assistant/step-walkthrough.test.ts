import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import { buildAssistantPrompt, readPromptSources } from '../../runtime/assistant/assistant-prompt.ts';
import { composeAnswer } from '../../runtime/assistant/compose-answer.ts';
import { selectSourceSections } from '../../runtime/assistant/select-source-sections.ts';
import { sourcesFromResults } from '../../runtime/assistant/sources-from-results.ts';
import { listedSteps } from '../../runtime/assistant/listed-steps.ts';
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

  it('walks through the steps when the words they lack are ones their page lacks too (the site’s context)', () => {
    const page = {
      number: 1,
      title: 'User provisioning › Setting up provisioning › 1. Enable SCIM',
      text: 'Provision users from Okta with SCIM. Turn on SCIM in the admin settings.',
      sections: [
        { title: 'User provisioning › Setting up provisioning › 2. Create a token', text: 'Create a token for Okta.' },
        {
          title: 'User provisioning › Setting up provisioning › 3. Connect Okta',
          text: 'Paste the token in Okta:\n```bash\nexport SCIM_TOKEN=token\n```',
        },
      ],
    };
    const other = {
      number: 2,
      title: 'Self-hosted enterprise edition',
      text: 'An enterprise edition can be self-hosted.',
    };
    const answer = composeAnswer('automatically provision users into self-hosted enterprise from okta', undefined, [
      page,
      other,
    ]).join('');
    expect(answer).toContain('From User provisioning › Setting up provisioning [1]:');
    expect(answer).toContain('2. Create a token');
  });
});

describe('a numbered list with code in one section (a <Steps> component)', () => {
  let index: SearchIndex;
  beforeAll(async () => {
    const railsSite = {
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'Example',
        colors: { primary: '#16A34A' },
        navigation: { groups: [{ group: 'Frameworks', pages: ['frameworks/rails'] }] },
      }),
      'frameworks/rails.mdx': [
        '---\ntitle: Ruby on Rails\n---',
        '## Overview\n\nThe adapter lets ActiveRecord models store their rows in an Example database.',
        '## Setup',
        '<Steps>\n<Step title="Install the gem">\nAdd it to your Gemfile:\n\n```ruby\ngem "example_activerecord"\n```\n\nThen run:\n\n```bash\nbundle install\n```\n</Step>',
        '<Step title="Point the app at the database">\nSet the adapter in config/database.yml:\n\n```yaml\nadapter: example\n```\n</Step>',
        '<Step title="Run the migrations">\n```bash\nrails db:migrate\n```\n</Step>\n</Steps>',
        '## Upgrading\n\n1. Read the release notes.\n2. Bump the gem version.\n3. Restart the app.',
      ].join('\n\n'),
    };
    const built = await buildSite(siteSourceFromObject(railsSite), { domain: 'example' });
    index = loadSearchIndex(JSON.parse(built.files.get('search.json') as string));
  });

  it('reads the steps of a numbered list with code, each up to the next, the last up to unindented prose', () => {
    const text = '1. Install\n  Add the gem:\n```ruby\ngem "x"\n```\n2. Migrate\n```bash\nrails db:migrate\n```\nDone.';
    expect(listedSteps(text)).toEqual([
      { number: 1, title: 'Install', text: 'Add the gem:\n```ruby\ngem "x"\n```' },
      { number: 2, title: 'Migrate', text: '```bash\nrails db:migrate\n```' },
    ]);
    expect(listedSteps('1. Read the notes.\n2. Bump the version.')).toEqual([]);
  });

  it('walks a task through the steps, each block after its intro, though the task names code and not steps', () => {
    expect(answerOf(index, 'use an example database from my rails app with activerecord')).toMatchInlineSnapshot(`
      "The adapter lets ActiveRecord models store their rows in an Example database [1]. From Ruby on Rails › Setup [1]:

      1. Install the gem: Add it to your Gemfile:

         \`\`\`ruby
         gem "example_activerecord"
         \`\`\`

         Then run:

         \`\`\`bash
         bundle install
         \`\`\`

      2. Point the app at the database: Set the adapter in config/database.yml:

         \`\`\`yaml
         adapter: example
         \`\`\`

      3. Run the migrations

         \`\`\`bash
         rails db:migrate
         \`\`\`

      "
    `);
  });
});

describe('the line introducing a numbered list with code', () => {
  const deployment = (intro: string) => ({
    number: 1,
    title: 'Deployment',
    text: [
      intro,
      "1. Add a 'build' script to package.json",
      '```json',
      '{ "scripts": { "build": "mail build" } }',
      '```',
      "2. Change the 'Framework Preset' to Next.js",
      '  Add next to your devDependencies:',
      '```json',
      '{ "devDependencies": { "next": "latest" } }',
      '```',
      "3. Change the 'Output Directory' to .mail/.next",
    ].join('\n'),
  });

  it('counts for the steps it introduces, so the walkthrough quotes their code', () => {
    const answer = composeAnswer('how do I deploy the preview server to the cloud?', undefined, [
      deployment('How to deploy the preview server to the cloud.'),
    ]).join('');
    expect(answer).toContain('"build": "mail build"');
    expect(answer).toContain('"next": "latest"');
  });

  it('does not count when a code block stands between it and the steps', () => {
    const walkthrough = 'From Deployment [1]:\n\n1. ';
    const question = 'how do I deploy the preview server to the cloud?';
    const introduced = composeAnswer(question, undefined, [
      deployment('How to deploy the preview server to the cloud.'),
    ]);
    expect(introduced.join('')).toContain(walkthrough);
    const afterCode = composeAnswer(question, undefined, [
      deployment('How to deploy the preview server to the cloud.\n```bash\nmail dev\n```\nThen:'),
    ]);
    expect(afterCode.join('')).not.toContain(walkthrough);
  });
});
