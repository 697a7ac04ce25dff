import { describe, expect, it } from 'vitest';
import { answerSentencesOf } from '../../runtime/assistant/answer-sentences.ts';
import { codeBlocksOf, isCodeLine, isTableRow } from '../../runtime/assistant/code-lines.ts';
import { composeAnswer, NOT_FOUND_ANSWER } from '../../runtime/assistant/compose-answer.ts';
import { answerUnitsOf } from '../../runtime/assistant/answer-units.ts';
import { renderCode, renderUnits } from '../../runtime/assistant/render-answer.ts';
import { fenceCode } from '../../contract/search/code-fences.ts';

// Section texts shaped like those of real Mintlify sites docsmith had never seen (tables, steps, labels, comments,
// YAML and shell flattened into the text by the build), reduced to what each rule needs.

const troubleshooting = {
  number: 1,
  title: 'Connection Setup › Common Issues',
  text: [
    'Issue | Cause | Solution',
    'Connection test fails | Invalid API keys | Verify keys in the provider dashboard',
    'apiKey (string, required): The provider key used to sign webhook requests',
    'Symptoms: Webhook requests rejected by the provider',
    'Webhook signatures are checked with the secret you saved when you created the connection.',
  ].join('\n'),
};

describe('sentences an answer may quote', () => {
  it('leaves out table rows, typed property names, labelled fragments, list stubs and lines that stop mid-phrase', () => {
    const sentences = answerSentencesOf(
      [
        troubleshooting.text,
        'Download installer for Macs with',
        'Note: Only one active wallet per currency is allowed for a customer.',
        '💡 Combine alerts with auto top-up so critical levels trigger a recharge.',
        'Choose thresholds that leave time to top up (e.g. $200 for prepaid plans).',
      ].join('\n'),
    ).map((entry) => entry.sentence);
    expect(sentences).toEqual([
      'Webhook signatures are checked with the secret you saved when you created the connection.',
      'Only one active wallet per currency is allowed for a customer.',
      'Combine alerts with auto top-up so critical levels trigger a recharge.',
      'Choose thresholds that leave time to top up (e.g. $200 for prepaid plans).',
    ]);
  });

  it('tells comments, configuration, member expressions and commands from prose', () => {
    for (const line of [
      '# Run the application locally',
      'image: fosrl/pangolin:1.7.3  # Update to latest version',
      'version: v1.4.1',
      'input.query.statement_type in ["INSERT", "DELETE"]',
      'external_user_id="katie@example.com"',
      'eksctl delete nodegroup -f nodegroup.yaml',
      'make restart-app',
      'flox install graphviz',
      'sudo docker compose down',
      'interface InvalidRequestError { message: string; code: -32600;} A JSON-RPC error indicating that the request is not valid.',
      'type Role = "user" | "assistant";',
      'enum LoggingLevel { debug, info }',
    ]) {
      expect(isCodeLine(line), line).toBe(true);
    }
    for (const line of [
      'Restart Flexprice Services (keep infrastructure running)',
      'yarn will be installed via npm, so we include that in the RUN command.',
      'flox-delete - delete an environment',
      'Add the --upstream flag to see the packages in the upstream copy.',
      'Name the key (e.g., "terraform-production")',
      'Interface settings let you change the theme of the dashboard.',
      'type the name of the project and press Enter to create it.',
    ]) {
      expect(isCodeLine(line), line).toBe(false);
    }
    expect(isTableRow('Cisco | Often relayed | Allow required UDP flows')).toBe(true);
    expect(isTableRow('pangolin.config.domains | Domain map used by Pangolin')).toBe(true);
    expect(isCodeLine('Code | Number | Description')).toBe(false);
  });

  it('finds code blocks with the prose lines that introduce and follow them, blank lines kept inside', () => {
    expect(
      codeBlocksOf(
        'Create one at sign-up:\ncurl -X POST https://api.example.com/v1/customers \\\n  -d \'{"name": "Jane"}\'\n\nexport API_KEY=abc\nThen open the dashboard.',
      ),
    ).toEqual([
      {
        code: 'curl -X POST https://api.example.com/v1/customers \\\n  -d \'{"name": "Jane"}\'\n\nexport API_KEY=abc',
        intro: 'Create one at sign-up:',
        introLine: 0,
        line: 1,
        outro: 'Then open the dashboard.',
      },
    ]);
  });
});

describe('fenced code in section text (builds since code blocks are fenced)', () => {
  const retries = [
    "When a step runs inside a try/catch block, you'll see the following error:",
    fenceCode(
      'WorkflowAbort: This is an Upstash Workflow error thrown after\na step executes. It is expected to be raised.',
    ),
    'The callback body is a JSON object:',
    fenceCode('{\n  "maxRetries": 3,    // Number of retries before the message is assumed to have failed.\n}', 'json'),
    'Messages that keep failing go to the dead letter queue after their last retry.',
  ].join('\n');

  it('never quotes a line of a fenced block, even one that reads like prose', () => {
    expect(answerSentencesOf(retries).map((entry) => entry.sentence)).toEqual([
      'Messages that keep failing go to the dead letter queue after their last retry.',
    ]);
  });

  it('finds each fenced block exactly, with the line introducing it and its language: blocks of two languages stay two', () => {
    expect(
      codeBlocksOf(
        [
          'Create a client:',
          fenceCode('const client = new Client();', 'js'),
          fenceCode('client = Client()', 'python'),
        ].join('\n'),
      ),
    ).toEqual([
      {
        code: 'const client = new Client();',
        intro: 'Create a client:',
        introLine: 0,
        line: 1,
        outro: '',
        language: 'js',
      },
      { code: 'client = Client()', intro: 'Create a client:', introLine: 0, line: 4, outro: '', language: 'python' },
    ]);
  });

  it('answers code with the language of its block, so chat clients highlight it', () => {
    const source = {
      number: 1,
      title: 'Python SDK',
      text: ['Create a client with your key:', fenceCode('client = Client(api_key="...")', 'python')].join('\n'),
    };
    expect(composeAnswer('python code to create a client', undefined, [source]).join('')).toContain(
      '```python\nclient = Client(api_key="...")\n```',
    );
  });

  it('answers with the sentence, not the fenced error output', () => {
    const answer = composeAnswer('what happens to messages that keep failing', undefined, [
      { number: 1, title: 'Retries', text: retries },
    ]).join('');
    expect(answer).toBe('Messages that keep failing go to the dead letter queue after their last retry [1]. ');
  });
});

describe('answers on unseen sites', () => {
  it('quotes a list with the line that introduces it', () => {
    const keys = {
      number: 1,
      title: 'Terraform › Authentication',
      text: 'Create an API key in the console:\nNavigate to API Keys\nClick Create API Key\nCopy the key immediately\nexport EXAMPLE_API_KEY="your-api-key-here"',
    };
    expect(composeAnswer('How do I create an API key?', undefined, [keys]).join('')).toMatchInlineSnapshot(`
      "Create an API key in the console [1]:

      1. Navigate to API Keys
      2. Click Create API Key
      3. Copy the key immediately

      \`\`\`
      export EXAMPLE_API_KEY="your-api-key-here"
      \`\`\`

      "
    `);
  });

  it('keeps a table whole past a row that only labels a group of rows, so its header stays the header', () => {
    const variables = {
      number: 1,
      title: 'Environment Variables',
      text: [
        'Variable | Required | Description | Default',
        'Core |  |  |',
        'DATABASE_URL | Yes | PostgreSQL connection string | —',
        'Public API |  |  |',
        'EXTERNAL_API_ENABLED | No | Enable the external API endpoints and API keys | false',
      ].join('\n'),
    };
    const answer = composeAnswer('environment variable to enable the external api', undefined, [variables]).join('');
    expect(answer).toContain('| Variable | Required | Description | Default |\n| --- | --- | --- | --- |');
    expect(answer).toContain('| EXTERNAL_API_ENABLED | No | Enable the external API endpoints and API keys | false |');
  });

  it('quotes a table with the line that introduces it, past a tab label, as a Markdown table', () => {
    const embedder = {
      number: 1,
      text: 'Here are the parameters available for configuring the OpenAI embedder:\nPython\nParameter | Description | Default Value\nmodel | The name of the embedding model to use | text-embedding-3-small\nembedding_dims | Dimensions of the embedding model | 1536',
    };
    expect(composeAnswer('which embedding dimensions does the openai embedder use', undefined, [embedder]).join(''))
      .toMatchInlineSnapshot(`
      "Here are the parameters available for configuring the OpenAI embedder [1]:

      | Parameter | Description | Default Value |
      | --- | --- | --- |
      | model | The name of the embedding model to use | text-embedding-3-small |
      | embedding_dims | Dimensions of the embedding model | 1536 |

      "
    `);
  });

  it('takes the code block that matches the question from any source, and leads with the sentence before it', () => {
    const events = {
      number: 1,
      title: 'Sending Events',
      text: 'Send one event per request to record usage for a customer.\ncurl --request POST \\\n  --url https://api.example.com/v1/events \\\n  --data \'{"external_customer_id": "cust-1"}\'',
    };
    const customers = {
      number: 2,
      title: 'Implementation Guide › Create a customer',
      text: 'A customer must exist before a session can be created. Create one at sign-up:\ncurl -X POST https://api.example.com/v1/customers \\\n  -d \'{"external_id": "user_1"}\'',
    };
    expect(composeAnswer('curl command to create a customer', undefined, [events, customers]).join(''))
      .toMatchInlineSnapshot(`
      "A customer must exist before a session can be created. Create one at sign-up [2]:

      \`\`\`
      curl -X POST https://api.example.com/v1/customers \\
        -d '{"external_id": "user_1"}'
      \`\`\`

      "
    `);
  });

  it('captions code with its source when no sentence of that source is quoted, and answers with the code alone when the sources hold nothing else', () => {
    const policy = {
      number: 1,
      title: 'Policies › Block writes',
      text: 'package formal.v2\n\npre_request := {\n  "action": "block"\n} if {\n  input.query.statement_type == "DELETE"\n}',
    };
    expect(composeAnswer('How do I write a policy that blocks DELETE queries?', undefined, [policy]).join(''))
      .toMatchInlineSnapshot(`
      "From Policies › Block writes [1]:

      \`\`\`
      package formal.v2

      pre_request := {
        "action": "block"
      } if {
        input.query.statement_type == "DELETE"
      }
      \`\`\`

      "
    `);
  });

  it("answers a command question with the first source's code when only a lower-ranked source has a sentence", () => {
    const commands = {
      number: 1,
      title: 'CLI Commands › Conversations › Act on one',
      text: [
        'Status:',
        '',
        fenceCode('acme conv 123 resolve\nacme conv 123 snooze --until 24h  # 7d, 2026-05-10', 'bash'),
      ].join('\n'),
    };
    const integration = {
      number: 2,
      title: 'Line Integration › Testing',
      text: 'New conversations from the command line tester are created in Acme when the webhook is registered.',
    };
    expect(composeAnswer('snooze a conversation from the command line', undefined, [commands, integration]).join(''))
      .toMatchInlineSnapshot(`
        "Status [1]:

        \`\`\`bash
        acme conv 123 resolve
        acme conv 123 snooze --until 24h  # 7d, 2026-05-10
        \`\`\`

        "
      `);
  });

  it('drops a sentence that repeats one already quoted', () => {
    const v1 = { number: 1, text: 'Deploy Flipt to Kubernetes using our Helm chart.' };
    const v2 = { number: 2, text: 'Deploy Flipt to Kubernetes using the Helm chart.' };
    expect(composeAnswer('How do I deploy Flipt to Kubernetes with Helm?', undefined, [v1, v2]).join('')).toBe(
      'Deploy Flipt to Kubernetes using our Helm chart [1]. ',
    );
  });

  it('leads a "what is" question with the sentence that defines it', () => {
    const spaces = {
      number: 1,
      text: 'Changing the space of a satellite requires restarting the satellite container.',
    };
    const glossary = {
      number: 2,
      text: 'A satellite is an application deployed next to connectors to detect personal data.',
    };
    expect(composeAnswer('What is a satellite?', undefined, [spaces, glossary])[0]).toBe(
      'A satellite is an application deployed next to connectors to detect personal data [2]. ',
    );
  });

  it('does not lead with a weak sentence of the first source when another source answers far better', () => {
    const client = { number: 1, text: 'The client shows a notice when an update is available.' };
    const server = {
      number: 2,
      text: 'Update the server to the latest version by pulling the new image and restarting the containers.',
    };
    expect(composeAnswer('how do I update the server to the latest version', undefined, [client, server])[0]).toBe(
      'Update the server to the latest version by pulling the new image and restarting the containers [2]. ',
    );
  });

  it('forgives a typo the sources nearly hold', () => {
    const collections = {
      number: 1,
      text: 'You can import and export collections from Hoppscotch, OpenAPI and Postman.',
    };
    expect(composeAnswer('colections import export', undefined, [collections]).join('')).toBe(
      'You can import and export collections from Hoppscotch, OpenAPI and Postman [1]. ',
    );
  });

  it('says it could not find the answer when the question names what no source mentions, instead of quoting the words around it', () => {
    const wallet = {
      number: 1,
      text: 'Flexprice supports multiple credit types for wallets. Flexprice supports top-ups through payment links.',
    };
    expect(composeAnswer('Does Flexprice support payouts in bitcoin?', undefined, [wallet])).toEqual([
      NOT_FOUND_ANSWER,
    ]);
    const sdks = {
      number: 1,
      text: 'Flipt provides client-side SDKs for JavaScript, Dart and Swift. Each SDK evaluates flags locally.',
    };
    expect(composeAnswer('Is there a Unity SDK for Flipt?', undefined, [sdks])).toEqual([NOT_FOUND_ANSWER]);
    expect(composeAnswer('Which SDK languages does Flipt provide?', undefined, [sdks])).not.toEqual([NOT_FOUND_ANSWER]);
  });

  it('reads countries, languages, months, weekdays and country abbreviations in a question as examples, not as names the sources must hold', () => {
    const geo = {
      number: 1,
      text: 'Geo targeting lets you redirect visitors to a different landing page based on their country.',
    };
    expect(
      composeAnswer('redirect visitors from Germany to a different landing page than visitors from the US', undefined, [
        geo,
      ]).join(''),
    ).toBe('Geo targeting lets you redirect visitors to a different landing page based on their country [1]. ');
    expect(composeAnswer('redirect visitors to a different landing page on Friday', undefined, [geo])).not.toEqual([
      NOT_FOUND_ANSWER,
    ]);
    expect(composeAnswer('redirect visitors to a different landing page with Cloudflare', undefined, [geo])).toEqual([
      NOT_FOUND_ANSWER,
    ]);
  });

  it('finds the plural of a name the sources write in the singular ("SDKs" under "SDK")', () => {
    const frameworks = {
      number: 1,
      text: 'The TypeScript SDK has middleware for the Express, Hono and Next.js web frameworks.',
    };
    expect(composeAnswer('which web frameworks have middleware in the SDKs', undefined, [frameworks]).join('')).toBe(
      'The TypeScript SDK has middleware for the Express, Hono and Next.js web frameworks [1]. ',
    );
  });

  it('does not lead with a sentence that points back at what came before it, when its source has another strong one', () => {
    const password = {
      number: 1,
      text: 'This will protect the link with a password. Click the Password button in the link builder to protect a link.',
    };
    const answer = composeAnswer('protect a link with a password', undefined, [password]);
    expect(answer).toEqual(['Click the Password button in the link builder to protect a link [1]. ']);
    const alone = { number: 1, text: 'This protects a link with a password.' };
    expect(composeAnswer('protect a link with a password', undefined, [alone])).toEqual([
      'This protects a link with a password [1]. ',
    ]);
  });

  it('answers a follow-up from a term of the question the sources share, with the previous question as context', () => {
    const deployment = { number: 1, text: 'See the satellite deployment example for the Terraform configuration.' };
    expect(composeAnswer('how do I deploy one?', 'What is a satellite?', [deployment]).join('')).toBe(
      'See the satellite deployment example for the Terraform configuration [1]. ',
    );
  });

  it('when no sentence names what the question asks, quotes the section whose heading does (and only that one)', () => {
    const login = {
      number: 1,
      title: 'Quickstart › Log in',
      text: 'Run example login to connect your account to the CLI.',
    };
    const install = { number: 2, title: 'Quickstart › Install', text: 'Install the CLI with npm i -g example-cli.' };
    expect(composeAnswer('And how do I log in?', 'How do I install the CLI?', [login, install])).toEqual([
      'Run example login to connect your account to the CLI [1]. ',
    ]);
    expect(composeAnswer('How do I log in with SSO?', undefined, [login, install])).toEqual([NOT_FOUND_ANSWER]);
  });
});

describe('fenced code in answers', () => {
  it('fences code with more backticks than it holds, so a Markdown example inside does not end the block', () => {
    const unit = (code: string) => ({
      kind: 'code' as const,
      code,
      intro: '',
      introLine: -1,
      line: 0,
      terms: new Set<string>(),
      size: 0,
      contextTerms: new Set<string>(),
    });
    expect(renderCode(unit('Write:\n```js\nconsole.log(1)\n```'), 1, undefined)).toBe(
      '\n\n````\nWrite:\n```js\nconsole.log(1)\n```\n````\n\n',
    );
    expect(renderCode(unit('npm i'), 1, 'Install it')).toBe('Install it [1]:\n\n```\nnpm i\n```\n\n');
  });

  it('captions the next tab of a code group with its title, not with the intro shown over the first', () => {
    const text = [
      'Verify this before going live. Point the SDK at a URL that does not answer and exercise your core flows:',
      fenceCode('new Client({ url: "https://localhost:9999" })', 'typescript TypeScript'),
      fenceCode('Client(url="https://localhost:9999")', 'python Python'),
    ].join('\n');
    const units = answerUnitsOf(text).map((unit) => ({ unit, section: 0, source: 1, rank: 0, score: 1, coverage: 1 }));
    expect(units.map(({ unit }) => unit.kind)).toEqual(['sentence', 'code', 'code']);
    const answer = renderUnits(units, () => 'Deploy').join('');
    expect(answer.match(/exercise your core flows/g)).toHaveLength(1);
    expect(answer).toContain('Python [1]:\n\n```python\nClient(url=');
  });
});
