import { describe, expect, it } from 'vitest';
import { fenceCode } from '../../contract/search/code-fences.ts';
import { composeAnswer, NOT_FOUND_ANSWER } from '../../runtime/assistant/compose-answer.ts';
import { questionIntent } from '../../runtime/assistant/question-intent.ts';

// Sections shaped like those of real Mintlify sites as docsmith builds them (tables as `a | b` rows, code fenced,
// list items and "Label: value" lines one per line), reduced to what each behaviour needs.

describe('the offline composer answers what the question asks', () => {
  it('answers a flag question from the rows of a flag table, with its header', () => {
    const cli = {
      number: 1,
      title: 'CLI › mem0 search',
      text: [
        'Search memories using natural language.',
        fenceCode('mem0 search "user preferences" --user-id alice', 'bash'),
        'Flag | Description',
        '-u, --user-id | Scope the search to a user',
        '-k, --top-k | Number of results to return (default: 10)',
        '--latest-only | Only return the latest version of each memory',
        '-o, --output | Output format: text, json or table',
      ].join('\n'),
    };
    const reranking = {
      number: 2,
      title: 'Search › Reranking',
      text: 'Reranker-enhanced search adds a second scoring pass after vector retrieval so Mem0 can return the most relevant memories first.',
    };
    expect(
      composeAnswer('how many memories does mem0 search return by default, and which flag changes it', undefined, [
        cli,
        reranking,
      ]).join(''),
    ).toMatchInlineSnapshot(`
      "From CLI › mem0 search [1]:

      | Flag | Description |
      | --- | --- |
      | -u, --user-id | Scope the search to a user |
      | -k, --top-k | Number of results to return (default: 10) |
      | --latest-only | Only return the latest version of each memory |

      "
    `);
  });

  it('names the endpoint a where question asks for, from the line of its page that is no sentence', () => {
    const version = {
      number: 1,
      title: 'Get version',
      text: 'GET /api/version\nGet version\nRetrieve the version of the Ollama',
    };
    const linux = {
      number: 2,
      title: 'Linux › Installing specific versions',
      text: 'Use OLLAMA_VERSION environment variable with the install script to install a specific version of Ollama, including pre-releases.',
    };
    expect(composeAnswer('which endpoint returns the installed ollama version', undefined, [version, linux])[0]).toBe(
      'GET /api/version [1]. ',
    );
  });

  it('names the path a where question asks for, from the sentence of the lead section that says it', () => {
    const metrics = {
      number: 1,
      title: 'Export Prometheus metrics',
      text: [
        'Learn how the gateway exports Prometheus-compatible metrics for monitoring and debugging.',
        "The TensorZero Gateway exposes runtime metrics through a Prometheus-compatible endpoint. This allows you to monitor gateway performance, track usage patterns, and set up alerting using standard Prometheus tooling. This endpoint provides operational metrics about the gateway itself. It's not meant to replace TensorZero's observability features.",
        'You can access the metrics by scraping the /metrics endpoint.',
      ].join('\n'),
    };
    const reference = {
      number: 2,
      title: 'Gateway › Configuration reference › gateway.metrics',
      text: [
        'The buckets must be in strictly ascending order and contain at least one value:',
        fenceCode(
          '[gateway.metrics]\ntensorzero_inference_latency_overhead_seconds_buckets = [0.001, 0.005, 0.01]',
          'toml',
        ),
      ].join('\n'),
    };
    expect(
      composeAnswer('where does the gateway expose its Prometheus metrics?', undefined, [metrics, reference])[0],
    ).toBe('You can access the metrics by scraping the /metrics endpoint [1]. ');
  });

  it('quotes a "NAME - description" list line whole, the short sentence that ends it with the value included', () => {
    const concurrency = {
      number: 1,
      title: 'FAQ › How does Ollama handle concurrent requests?',
      text: 'The following server settings may be used to adjust how Ollama handles concurrent requests on most platforms:\nOLLAMA_MAX_LOADED_MODELS - The maximum number of models that can be loaded concurrently provided they fit in available memory.\nOLLAMA_NUM_PARALLEL - The maximum number of parallel requests each model will process at the same time, default 1.\nOLLAMA_MAX_QUEUE - The maximum number of requests Ollama will queue when busy before rejecting additional requests. The default is 512',
    };
    expect(
      composeAnswer('how many requests will the server queue when busy before rejecting them', undefined, [
        concurrency,
      ])[0],
    ).toBe(
      'OLLAMA_MAX_QUEUE - The maximum number of requests Ollama will queue when busy before rejecting additional requests. The default is 512 [1]. ',
    );
  });

  it('quotes the command block a sentence introduces, whole, under the rest of its line', () => {
    const login = {
      number: 1,
      title: 'Axiom CLI › Authentication',
      text: [
        'Interactive login (you are prompted for your token and organization ID):',
        fenceCode('axiom auth login --auto-login=false', 'bash'),
        'Non-interactive login (useful for scripts and CI). When you pipe the token, both --alias (a local name for the deployment) and --org-id are required:',
        fenceCode('echo "xapt-your-token" | axiom auth login --alias "axiom" --org-id "your-org-id" -f', 'bash'),
        'To confirm you are authenticated, run axiom dataset list.',
      ].join('\n'),
    };
    expect(composeAnswer('log the axiom cli in non-interactively in a CI script', undefined, [login]).join(''))
      .toMatchInlineSnapshot(`
        "Non-interactive login (useful for scripts and CI). When you pipe the token, both --alias (a local name for the deployment) and --org-id are required [1]:

        \`\`\`bash
        echo "xapt-your-token" | axiom auth login --alias "axiom" --org-id "your-org-id" -f
        \`\`\`

        "
      `);
  });

  it('quotes a sentence whose line ends with a short intro to a block, the block after it, cited once', () => {
    const misc = {
      number: 1,
      title: 'Miscellaneous › Disable exit code 3',
      text: [
        'By default, the scanner triggers exit code 3 for failed checks. To disable this behavior:',
        fenceCode('scanner <provider> -z/--ignore-exit-code-3', 'console'),
      ].join('\n'),
    };
    const action = {
      number: 2,
      title: 'CI action › Inputs',
      text: 'Select the job to start, stop, or restart it, and to view its log if a run fails.',
    };
    expect(
      composeAnswer('which flag stops the scanner from returning exit code 3 when checks fail', undefined, [
        misc,
        action,
      ]).join(''),
    ).toMatchInlineSnapshot(`
      "By default, the scanner triggers exit code 3 for failed checks. To disable this behavior [1]:

      \`\`\`console
      scanner <provider> -z/--ignore-exit-code-3
      \`\`\`

      "
    `);
  });

  it('quotes the block of a code group whose tab title the question names', () => {
    const install = {
      number: 1,
      title: 'Installation',
      text: [
        'You can install the server in a few different ways:',
        fenceCode('docker run -p 8080:8080 example/server', 'console Docker'),
        fenceCode('curl -fsSL https://example.dev/install.sh | sh', 'console Script'),
        fenceCode('brew install example/tap/server', 'console Homebrew'),
        'Once installed, start the server with example serve.',
      ].join('\n'),
    };
    const answer = composeAnswer('install the server with homebrew', undefined, [install]).join('');
    expect(answer).toContain('brew install example/tap/server');
    expect(answer).not.toContain('docker run');
  });

  it('quotes the first tab of the alternatives before the tab that names more of the question', () => {
    const migrations = {
      number: 1,
      title: 'Deployment › Database',
      text: [
        'If you are using Postgres you will need to run the database migrations before starting the cluster.',
        'Binary',
        fenceCode('$ relay migrate', 'bash'),
        'Docker',
        fenceCode(
          '# this example will run migrations on the host\n$ docker run -e RELAY_DATABASE_HOST=db relay/relay migrate',
          'bash',
        ),
        'Other settings can be given as environment variables.',
      ].join('\n'),
    };
    const answer = composeAnswer('run the database migrations on postgres before starting the cluster', undefined, [
      migrations,
    ]).join('');
    expect(answer).toContain('$ relay migrate');
    expect(answer.indexOf('$ relay migrate')).toBeLessThan(answer.indexOf('docker run'));
    const named = composeAnswer('run the database migrations with docker', undefined, [migrations]).join('');
    expect(named).toContain('docker run');
    expect(named).not.toContain('$ relay migrate');
  });

  it('compares the rows of both options, also the one named like the section it stands in', () => {
    const decrease = {
      number: 1,
      title: 'Proration › On Decrease',
      text: [
        'Option | Behavior',
        'prorate | Credit the prorated difference immediately',
        'no_action | No credit or refund — change takes effect at next billing cycle',
      ].join('\n'),
      sections: [
        {
          title: 'Proration › On Increase',
          text: 'Option | Behavior\nprorate_immediately | Charge the prorated difference now\nbill_next_cycle | Charge it with the next invoice',
        },
        {
          title: 'Proration › Overview',
          text: 'Proration adjusts a bill when a customer changes quantity mid-cycle. Each feature sets how it prorates.',
        },
      ],
    };
    const seats = {
      number: 2,
      title: 'Per-seat pricing',
      text: 'Seats are prorated when added. Removing a seat can prorate or wait for the next cycle.',
    };
    const answer = composeAnswer('proration on decrease: prorate vs no_action?', undefined, [decrease, seats]).join('');
    expect(answer).toContain('| prorate | Credit the prorated difference immediately |');
    expect(answer).toContain('| no_action |');
  });

  it('quotes the code block whose file name the question names', () => {
    const routing = {
      number: 1,
      title: 'Integration API › Configure routing',
      text: [
        'Add the following configuration to your config/proxy/dynamic_config.yml to expose the Integration API:',
        fenceCode('routers:\n  int-api-router:\n    service: int-api-service', 'yaml dynamic_config.yml'),
      ].join('\n'),
      sections: [
        {
          title: 'Integration API › Enable the Integration API',
          text: [
            'Update your configuration file:',
            fenceCode('flags:\n  enable_integration_api: true', 'yaml config.yml'),
          ].join('\n'),
        },
      ],
    };
    const answer = composeAnswer('turn on the integration api in config.yml', undefined, [routing]).join('');
    expect(answer).toContain('enable_integration_api: true');
    expect(answer).not.toContain('int-api-router');
  });

  it('quotes the command the sentence after it explains, not the output shown below', () => {
    const service = {
      number: 1,
      title: 'Running in production › Enable and start the service',
      text: [
        'With your service file ready, activate the service using systemctl:',
        fenceCode('systemctl enable searchd\nsystemctl start searchd', 'bash'),
        "With systemctl enable, you're telling the operating system to run it at every boot.",
        'You should see a message confirming your service is running:',
        fenceCode(
          '● searchd.service - Search daemon\n   Loaded: loaded (/etc/systemd/system/searchd.service; enabled)\n   Active: active (running)',
          'sh',
        ),
      ].join('\n'),
    };
    const answer = composeAnswer('make the service start on boot with systemd', undefined, [service]).join('');
    expect(answer).toContain('systemctl enable searchd');
    expect(answer).not.toContain('Active: active (running)');
  });

  it("answers a command question with a shell command, not a program's source that names as much of it", () => {
    const manual = {
      number: 1,
      title: 'Manual setup',
      text: [
        'Create a new folder called emails, create a file inside called email.tsx and add the following example code:',
        fenceCode(
          'import { Button, Html } from "mail-kit";\n\nexport default function Email() {\n  return <Html><Button href="https://example.com">Click me</Button></Html>;\n}',
          'jsx',
        ),
      ].join('\n'),
    };
    const automatic = {
      number: 2,
      title: 'Automatic setup',
      text: [
        'We recommend create-mail, which sets up everything for you:',
        fenceCode('npx create-mail@latest', 'bash npm'),
        fenceCode('yarn create mail', 'bash yarn'),
        'This will create a new folder called mail-starter with a few templates.',
      ].join('\n'),
    };
    const answer = composeAnswer('create a new Mail Kit project with npm', undefined, [manual, automatic]).join('');
    expect(answer).toContain('npx create-mail@latest');
    expect(answer).not.toContain('export default function Email()');
  });

  it('quotes every step of the procedure a setup question asks for, in order', () => {
    const sources = [
      {
        number: 1,
        title: 'Deploy with Docker Compose › Access',
        text: [
          'After the setup, open the dashboard on your server:',
          fenceCode('http://your_server_ip', 'bash'),
          'Log in with the admin account:',
          fenceCode('http://your_server_ip/login', 'bash'),
        ].join('\n'),
      },
      {
        number: 1,
        title: 'Deploy with Docker Compose › Deploy and start',
        text: [
          'Clone the source code:',
          fenceCode('git clone https://example.dev/app.git', 'bash'),
          'Copy the environment file:',
          fenceCode('cp .env.example .env', 'bash'),
          'Start the containers (Compose 2.24 or later):',
          fenceCode('docker compose up -d', 'bash'),
        ].join('\n'),
      },
    ];
    const answer = composeAnswer('deploy the app on my server with docker compose', undefined, sources).join('');
    const steps = ['git clone https://example.dev/app.git', 'cp .env.example .env', 'docker compose up -d'];
    expect(steps.map((step) => answer.indexOf(step))).toEqual(
      [...steps.map((step) => answer.indexOf(step))].sort((a, b) => a - b),
    );
    expect(steps.every((step) => answer.includes(step))).toBe(true);
  });

  it('quotes a code block of 30 lines whole', () => {
    const code = Array.from({ length: 30 }, (_, line) => `  step_${line}: run`).join('\n');
    const workflow = {
      number: 1,
      title: 'CI › GitHub Actions',
      text: `Add this workflow to deploy your tasks from GitHub Actions:\n${fenceCode(`jobs:\n${code}`, 'yaml')}`,
    };
    const answer = composeAnswer('github actions workflow to deploy tasks', undefined, [workflow]).join('');
    expect(answer).toContain('  step_29: run\n```');
  });

  it('answers a value question with the neighbouring sentence that holds the value', () => {
    const vps = {
      number: 1,
      title: 'Choosing a VPS',
      text: 'Compare hosting options and find the best VPS for your Pangolin deployment\nPangolin generally requires minimal resources to run effectively. A basic VPS with 1 vCPU, 2GB RAM, and 8GB SSD is sufficient for most deployments.\nRecommended Specs\nCPU: 2 vCPU\nRAM: 2GB',
    };
    expect(composeAnswer('minimum vps size that is enough to run pangolin', undefined, [vps])[0]).toBe(
      'A basic VPS with 1 vCPU, 2GB RAM, and 8GB SSD is sufficient for most deployments [1]. ',
    );
  });

  it('answers a value question with the sentence before the lead when the value stands there', () => {
    const refunds = {
      number: 1,
      title: 'Refunds',
      text: [
        'The payment must have been successful.',
        'Refunds (full or partial) must be started within 30 days of the transaction date. Initiating refunds after a payment will not be allowed post that.',
        'Refunds are issued to the original payment method used by the customer.',
        'You can issue a refund for a payment from the payment details page.',
        'An issued refund shows in the payment history of the customer.',
        'A refund issued for a payment in another currency is converted at the current rate.',
      ].join('\n'),
    };
    expect(
      composeAnswer('how long after a payment can I still issue a refund', undefined, [refunds]).join(''),
    ).toContain('30 days');
  });

  it('numbers the steps of a "how do I" answer', () => {
    const wizard = {
      number: 1,
      title: 'Setup › Run the setup wizard',
      text: 'On a fresh install the dashboard redirects to /setup. Each step submits on Enter:\nCreate the admin account\nReview the effective config\nGenerate the first API key\nOpen the dashboard',
    };
    expect(composeAnswer('how do I create an admin account on a fresh install', undefined, [wizard]).join(''))
      .toMatchInlineSnapshot(`
        "On a fresh install the dashboard redirects to /setup [1]. Each step submits on Enter [1]:

        1. Create the admin account
        2. Review the effective config
        3. Generate the first API key
        4. Open the dashboard

        "
      `);
  });

  it('says no first when the answer denies what a yes/no question asks, and nothing when it does not', () => {
    const webhooks = {
      number: 1,
      title: 'Webhooks › Enhanced webhooks',
      text: 'Enhanced webhooks do not send failed transactions, but raw webhooks do include both successful and failed transactions.',
    };
    expect(composeAnswer('do enhanced webhooks send failed transactions', undefined, [webhooks])[0]).toBe('No. ');
    const editions = {
      number: 1,
      title: 'Editions',
      text: 'You can continue using the Community Edition indefinitely. Session lifetime policies are an Enterprise Edition feature.',
    };
    expect(
      composeAnswer('can I force users to log in again every week on the community edition', undefined, [editions])[0],
    ).not.toMatch(/^(?:Yes|No)\b/);
  });

  it('leads a yes/no answer with the sentence that states the limit, over one that matches as many words', () => {
    const tokens = {
      number: 1,
      title: 'Tokens › API tokens',
      text: [
        'Basic API tokens let you ingest data. When you create a basic API token, you select the datasets that you allow the basic API token to access.',
        'Advanced API tokens let you perform a wide range of actions. When you create an advanced API token, you select which actions you allow the advanced API token to perform. For example, you can create a token with wider privileges such as changing existing monitors.',
        'After creating an API token, you can’t change the privileges assigned to that API token.',
        'It is recommended to change API tokens regularly.',
      ].join('\n'),
    };
    expect(
      composeAnswer('can I change what an api token is allowed to do after creating it', undefined, [tokens]).join(''),
    ).toMatch(/^No\. After creating an API token, you can’t change the privileges/);
  });

  it('answers from under a heading that asks the question, though the answer repeats none of its words', () => {
    const faq = {
      number: 1,
      title: 'Frequently Asked Questions › Can I delete/unpublish my server?',
      text: 'Currently, no. At the time of writing, there is open discussion.',
    };
    const about = {
      number: 2,
      title: 'The MCP Registry',
      text: 'The MCP Registry is the official centralized metadata repository for publicly accessible MCP servers.',
    };
    const publishing = {
      number: 3,
      title: 'Quickstart › Publish your server',
      text: 'Publish your server to the official MCP Registry with the mcp-publisher CLI.',
    };
    const terms = {
      number: 4,
      title: 'Terms of Service',
      text: 'These terms govern your use of the official MCP Registry and the servers listed in it.',
    };
    const authentication = {
      number: 5,
      title: 'Authentication',
      text: 'Authenticate with GitHub before you publish servers to the official MCP Registry.',
    };
    expect(
      composeAnswer('can I unpublish a server from the official MCP registry', undefined, [
        faq,
        about,
        publishing,
        terms,
        authentication,
      ])[0],
    ).toBe('Currently, no. At the time of writing, there is open discussion [1]. ');
  });

  it('leads from the highest-ranked source that answers about as well, and quotes other sources only when they hold the deciding term', () => {
    const limits = {
      number: 1,
      title: 'Limits › Log retention',
      text: 'Pricing tier | Limit\nFree | 1 day\nHobby | 7 days\nPro | 30 days',
    };
    const logging = {
      number: 2,
      title: 'Logging',
      text: 'Logs of a run are kept so you can debug it, and you can search them by run ID.',
    };
    const answer = composeAnswer('how long are run logs kept on the hobby tier', undefined, [limits, logging]).join('');
    expect(answer).toContain('| Hobby | 7 days |');
    expect(answer).not.toContain('[2]');
  });

  it('shows the rows of one table as one table when a code block of another section of the source is quoted too', () => {
    const configuration = {
      number: 1,
      title: 'CLI configuration',
      text: [
        'The CLI reads settings from a project file relay.toml, environment variables, and command-line flags:',
        fenceCode('project = "prj_8f2k1x"\nenvironment = "test"', 'toml'),
      ].join('\n'),
      sections: [
        {
          title: 'CLI configuration › Environment variables',
          text: [
            'Variable | Purpose',
            'RELAY_API_KEY | API key; takes precedence over relay login.',
            'RELAY_PROJECT, RELAY_ENVIRONMENT, RELAY_API_URL | Override the matching configuration key.',
            'RELAY_NO_COLOR | Any value disables colored output.',
          ].join('\n'),
        },
      ],
    };
    const answer = composeAnswer('which environment variable sets the API key', undefined, [configuration]).join('');
    expect(answer.split('| Variable | Purpose |')).toHaveLength(2);
    expect(answer).toMatch(/\| RELAY_API_KEY \| API key; takes precedence over relay login\. \|\n\| RELAY_PROJECT/);
    expect(answer.indexOf('```toml')).toBeGreaterThan(answer.indexOf('| RELAY_PROJECT'));
  });

  it('reads the kind of question from its wording', () => {
    expect(
      [
        'can I batch requests',
        'flipt v1: in-memory cache or redis, which one should I use',
        'which endpoint returns the version',
        'what is the smallest maxDuration',
        'which header carries the api key',
        'docker run command for ollama',
        'python code to create a client',
        'how do I set up SSO',
        'what is a satellite',
        'deploy to staging',
        'when does it fall back to Permit2 instead of EIP-3009',
        'log the cli into my self-hosted instance instead of the cloud',
        'what do I run in SQL after upgrading to a newer version',
      ].map(questionIntent),
    ).toEqual([
      'yesno',
      'comparison',
      'where',
      'value',
      'flag',
      'command',
      'code',
      'steps',
      'explain',
      'steps',
      'comparison',
      'command',
      'command',
    ]);
  });

  it('still says it could not find the answer when the sources share none of the deciding words', () => {
    const billing = {
      number: 1,
      title: 'Billing',
      text: 'Invoices are emailed on the first day of every month to the billing contact.',
    };
    expect(composeAnswer('how do I rotate the signing key of webhooks', undefined, [billing])).toEqual([
      NOT_FOUND_ANSWER,
    ]);
  });
});
