import { describe, expect, it } from 'vitest';
import { fenceCode } from '../../contract/search/code-fences.ts';
import { askedForm } from '../../runtime/assistant/asked-form.ts';
import { composeAnswer } from '../../runtime/assistant/compose-answer.ts';
import { isCodeLine, isTableRow } from '../../runtime/assistant/code-lines.ts';

// In-memory sections: a sentence that states the fact next to one that holds the topic, and units that hold the
// written form of what a question asks for beside units that only repeat its topic.

describe('the offline composer reads a unit with its neighbours', () => {
  it('quotes the sentence stating the fact when the topic is in the sentence before it', () => {
    const login = {
      number: 1,
      title: 'Authentication › Log in',
      text: [
        'Run the login command to connect the CLI to your account.',
        'The CLI opens a browser tab so you can approve the login.',
        'Over SSH, pass the --device-code flag and type the code it prints on another device.',
        '',
        'Tokens expire after thirty days.',
      ].join('\n'),
    };
    const tokens = {
      number: 2,
      title: 'Authentication › Tokens',
      text: 'Create a token for CI in the dashboard. Tokens are scoped to one project.',
    };
    const answer = composeAnswer('log in to the CLI over SSH where no browser can open', undefined, [login, tokens]);
    expect(answer.join('')).toContain('Over SSH, pass the --device-code flag');
  });

  it('lends a neighbour no word the section title already gives: the sentence holding the question leads', () => {
    const install = {
      number: 1,
      title: 'Quickstart › Install',
      text: 'Install the CLI with npm i -g example-cli. The CLI needs Node 20 or later.',
    };
    const answer = composeAnswer('How do I install the CLI?', undefined, [install]);
    expect(answer.join('')).toMatch(/^Install the CLI with npm i -g example-cli \[1\]\. The CLI needs Node 20/);
  });
});

describe('the offline composer prefers the written form of what is asked', () => {
  it('reads the form from the question: a variable, a flag, a header, an endpoint, a port', () => {
    expect(askedForm('which environment variable sets the log level')?.test('LOG_LEVEL=debug')).toBe(true);
    expect(askedForm('which env var sets the log level')?.test('the log level')).toBe(false);
    expect(askedForm('which flag skips the prompt')?.test('pass --yes')).toBe(true);
    expect(askedForm('which header carries the key')?.test('send X-Api-Key')).toBe(true);
    expect(askedForm('endpoint to list invoices')?.test('GET /v1/invoices/list')).toBe(true);
    expect(askedForm('which port does the agent listen on')?.test('It listens on 8125.')).toBe(true);
    expect(askedForm('how do I rotate a key')).toBeUndefined();
    expect(askedForm('how long does a session last')?.test('Sessions last 30 days.')).toBe(true);
    expect(askedForm('what is the default request timeout')?.test('It times out after 500ms.')).toBe(true);
    expect(askedForm('turn off the max duration for one task')).toBeUndefined();
    expect(askedForm('how often is the catalog refreshed')?.test('It is rebuilt every 6 hours.')).toBe(true);
    expect(askedForm('how big can an upload be')?.test('Uploads are limited to 5 GB.')).toBe(true);
    expect(askedForm('how much does a seat cost')?.test('A seat is $12 a month.')).toBe(true);
    expect(askedForm('which token is used for "$0.01" prices')).toBeUndefined();
  });

  it('quotes the sentence holding the duration a "how long" question asks for, though it shares one word with it', () => {
    const access = {
      number: 1,
      title: 'Private pages › Access',
      text: [
        'When someone visits a password-protected status page, they see a login form with two ways to authenticate.',
        'Password: enter the shared password provided by the status page owner.',
        'Account: members of the account that owns the status page can click Sign in with account to sign in.',
        'Only members can use the account option.',
        'After authenticating with either method, visitors are authenticated for 30 days before needing to sign in again.',
        'Only members of the account that owns the status page can use the Sign in with account option.',
        'Share the password with external users who need access to the password-protected status page.',
        'Use password rotation when someone who had access to the status page no longer should.',
      ].join('\n'),
      sections: [
        {
          title: 'Private pages › Enable',
          text: 'Enable the Private toggle of the status page. A password for the status page is generated once.',
        },
        {
          title: 'Private pages › Rotate',
          text: 'Regenerate the password of a password-protected status page at any time.',
        },
      ],
    };
    const answer = composeAnswer(
      'how long does someone stay signed in to a password-protected status page',
      undefined,
      [access],
    );
    expect(answer.join('')).toContain('authenticated for 30 days');
  });

  it('answers a question naming a unit the page writes glued to its number ("2 GB" as "2GB")', () => {
    const resources = {
      number: 1,
      title: 'Templates › Customize CPU and RAM',
      text: [
        'The following command will create a sandbox template with 2 CPUs and 2GB of RAM.',
        fenceCode('e2b template build --cpu-count 2 --memory-mb 2048', 'bash'),
      ].join('\n'),
    };
    const answer = composeAnswer('build a template with 2 CPUs and 2 GB of RAM', undefined, [resources]).join('');
    expect(answer).toContain('--memory-mb 2048');
  });

  it('quotes a field line whole, however many sentences its description has and whatever it ends with', () => {
    const event = {
      number: 1,
      title: 'Usage billing › Event structure',
      text: [
        'Each usage event must include these required fields:',
        'event_id (string, required): Unique identifier for this specific event. Must be unique across all events.',
        'customer_id (string, required): The customer this usage is attributed to.',
        '--retries (number): How many times to retry a failing test run. Default: 0, max: 3 Usage:',
      ].join('\n'),
    };
    const unique = composeAnswer('which field must be unique across all events', undefined, [event]).join('');
    expect(unique).toContain('event_id (string, required): Unique identifier');
    const retries = composeAnswer('how many times can a failing test run be retried at most', undefined, [event]);
    expect(retries.join('')).toContain('max: 3');
  });

  it('quotes a nested field line as a line, not as a code block', () => {
    const invoice = {
      number: 1,
      title: 'Get an invoice › Response',
      text: [
        'invoice.id (string): The invoice identifier.',
        'invoice.environment_id (string): The environment this invoice belongs to, for multi-environment setups',
        'invoice.amount_due (number): What the customer still owes.',
      ].join('\n'),
    };
    const answer = composeAnswer('what is the environment an invoice belongs to', undefined, [invoice]).join('');
    expect(answer).toContain('invoice.environment_id (string): The environment this invoice belongs to');
    expect(answer).not.toContain('```');
  });

  it('quotes a table cell whole up to 400 characters, the sentence at its end included', () => {
    const long =
      'Returned when the request conflicts with another concurrent request. This may occur when several requests ' +
      'modify the same resource at once (for example the credits ledger), or when an idempotency key is reused ' +
      'with a different body. You can safely retry after a short backoff.';
    const errors = {
      number: 1,
      title: 'Errors › Common error types',
      text: [
        'Error | Status | Description',
        `Resource conflict | 409 | ${long}`,
        'Not found | 404 | No such resource.',
      ].join('\n'),
    };
    const answer = composeAnswer('got a 409 conflict on the credits ledger, can I retry', undefined, [errors]).join('');
    expect(answer).toContain('You can safely retry after a short backoff.');
  });

  it('reads field lines, bracketed asides and clauses ending with ";" as prose, not as code', () => {
    const regions = {
      number: 1,
      title: 'Regions › Available regions',
      text: ['Available regions include:', 'us-west: US West (Oregon)', 'eu-central: Europe (Frankfurt)'].join('\n'),
    };
    expect(isCodeLine('us-west: US West (Oregon)')).toBe(false);
    expect(isCodeLine('client.create(name, options)')).toBe(true);
    expect(isCodeLine('invoice.environment_id (string): the environment this invoice belongs to')).toBe(false);
    expect(isCodeLine('items[].name (string)')).toBe(false);
    expect(isTableRow('billing_currency (null | string)')).toBe(false);
    expect(isTableRow('Plan | Price')).toBe(true);
    expect(isCodeLine('Create a new billable metric;')).toBe(false);
    expect(isCodeLine('import foo from "bar";')).toBe(true);
    expect(composeAnswer('which region is in Frankfurt', undefined, [regions]).join('')).toContain('eu-central');
  });

  it('quotes a label and its value written after a sentence on the same line', () => {
    const retries = {
      number: 1,
      title: 'Retries › Retry mode',
      text: [
        'The retry mode includes the following mechanisms:',
        '',
        '- Maximum retry attempts: 3 by default.',
        '- Exponential backoff: each attempt waits twice as long as the one before. Maximum backoff time: 20 seconds',
      ].join('\n'),
    };
    const answer = composeAnswer('what is the maximum backoff time of the retrier', undefined, [retries]).join('');
    expect(answer).toContain('Maximum backoff time: 20 seconds');
  });

  it('reads a field whose type is a union ("integer | string") as a field, not as a table row', () => {
    const parameters = {
      number: 1,
      title: 'Receive messages › Request parameters',
      text: [
        'id_or_name (string, required): The ID or name of the stream.',
        'batch_size (integer): Number of messages to fetch. Defaults to 1.',
        'wait_for (integer | string): Time to wait for messages, in milliseconds. Defaults to 0. When wait_for is greater than 0, the request blocks until any messages are available.',
        'cursor (string | null): Where the previous page ended.',
      ].join('\n'),
    };
    const blocking = composeAnswer('which parameter makes the request block until messages arrive', undefined, [
      parameters,
    ]).join('');
    expect(blocking).toContain('the request blocks until any messages are available');
    const paging = composeAnswer('which parameter says where the previous page ended', undefined, [parameters]);
    expect(paging.join('')).toContain('cursor (string | null): Where the previous page ended');
  });

  it('quotes the code block holding the variable over a sample payload', () => {
    const telemetry = {
      number: 1,
      title: 'Configuration › Telemetry',
      text: [
        'Telemetry is anonymous and sent once a day.',
        'Here is an example of the anonymous telemetry data sent:',
        fenceCode('{\n  "version": "2.0",\n  "telemetry": { "os": "linux" }\n}', 'json'),
        'To turn telemetry off:',
        fenceCode('export RELAY_TELEMETRY=off', 'bash'),
      ].join('\n'),
    };
    const answer = composeAnswer('environment variable to turn off anonymous telemetry', undefined, [telemetry]);
    expect(answer.join('')).toContain('export RELAY_TELEMETRY=off');
  });
});

describe('the offline composer reads a heading as the intro of the code block right under it', () => {
  it('quotes the block under the heading that names the question, over a block whose intro repeats the topic', () => {
    const requirements = {
      number: 1,
      title: 'Containers › Requirements',
      text: 'Check that the NVIDIA driver is installed on the host first.',
    };
    const amd = {
      title: 'Containers › AMD',
      text: [
        'To run the container on AMD GPUs, use the following docker command:',
        fenceCode('docker run -d --device /dev/kfd acme/relay:rocm', 'shell'),
      ].join('\n'),
    };
    const nvidia = {
      title: 'Containers › NVIDIA › Start the container',
      text: fenceCode('docker run -d --gpus=all acme/relay', 'shell'),
    };
    const answer = composeAnswer('docker run command to start the container on nvidia gpus', undefined, [
      { ...requirements, sections: [amd, nvidia] },
    ]).join('');
    expect(answer).toContain('--gpus=all');
    expect(answer).not.toContain('acme/relay:rocm');
  });
});
