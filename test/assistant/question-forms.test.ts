import { describe, expect, it } from 'vitest';
import { composeAnswer } from '../../runtime/assistant/compose-answer.ts';
import { asksForProcedure, asksHowTo, questionIntent } from '../../runtime/assistant/question-intent.ts';

// The form of a question, not only its subject: a yes/no question after a scene-setting clause, an API key that is
// a credential and not a configuration key, a contraction's tail ("I've") that is no word, "the difference between"
// as the form of a comparison, and "which …" asking for the name a section's heading gives.

describe('the offline composer reads the form of the question', () => {
  it('reads a yes/no question after a leading clause, but not a question or a choice before the comma', () => {
    expect(
      [
        'with visual data masking on, does the agent still work with the real data',
        'got a 409 while updating the ledger, is it safe to retry',
        'how do I get the next page, should I compute the offset myself',
      ].map(questionIntent),
    ).toEqual(['yesno', 'yesno', 'steps']);
    expect(questionIntent('an IP is in both allowOut and denyOut, is it allowed or blocked')).not.toBe('yesno');
  });

  it('reads an API key as a credential, and a key of a configuration as a flag', () => {
    expect(
      [
        'how do I authenticate a request to the public API with my API key',
        'what happens to existing API keys when I reset the master key',
        'which key sets the log level in the config',
      ].map(questionIntent),
    ).toEqual(['steps', 'explain', 'flag']);
  });

  it('reads a question that opens with a language as asking for code, though it names a field, a value or a limit', () => {
    expect(
      [
        'TypeScript to create a text index on the body property of Doc nodes',
        'typescript: create a payment id with my own order_ prefix',
        'Go to settings and set the default timeout',
        'python sdk default timeout',
      ].map(questionIntent),
    ).toEqual(['code', 'code', 'flag', 'value']);
  });

  it('reads a question for a block or item of a file it names as asking for code, though it names a value', () => {
    expect(
      [
        'helix.toml block for a staging instance on port 9090 with disk storage',
        'autumn.config.ts item that lets up to 2000 unused credits roll over',
        'what port does helix.toml set by default',
      ].map(questionIntent),
    ).toEqual(['code', 'code', 'value']);
  });

  it('reads a task that opens with a verb as no value question, though it names a default, a version or a limit', () => {
    expect(
      [
        'set up a default environment by hand for my whole team',
        'upgrade my deployment to the newest version',
        'what is the default timeout of a task',
        'how long do logs stay in the default plan',
      ].map(questionIntent),
    ).toEqual(['steps', 'steps', 'value', 'value']);
  });

  it('reads a task as one after a clause that sets the scene, and lets a task that names a form be walked through', () => {
    const task = 'my task needs a service account key file, how do I pass it to a deployed task';
    expect(asksHowTo(task)).toBe(true);
    expect(asksHowTo('the key file, what format is it in')).toBe(false);
    expect(asksForProcedure(task, questionIntent(task))).toBe(true);
    expect(asksForProcedure('which flag skips the cache', 'flag')).toBe(false);
    expect(asksForProcedure('use the ruby sdk from my rails app', 'code')).toBe(true);
  });

  it('answers a yes/no question after a leading clause with "No." when the docs deny it', () => {
    const streaming = {
      number: 1,
      title: 'Workflows › Streaming',
      text: "A failure after the stream opens doesn't change the HTTP status: the connection stays 200. Failures arrive as events.",
    };
    expect(
      composeAnswer('a workflow node fails during a streamed run, does the HTTP status change', undefined, [
        streaming,
      ]).join(''),
    ).toMatch(/^No\. A failure after the stream opens/);
  });

  it('answers "No." when an auxiliary stands between the denial and the word asked about', () => {
    const ingestion = {
      number: 1,
      title: 'Event ingestion',
      text: 'Once an event is ingested, it cannot be changed, nor can it be deleted. Send a corrective event instead.',
    };
    expect(composeAnswer('can I delete an event after it has been ingested', undefined, [ingestion]).join('')).toMatch(
      /^No\. Once an event is ingested/,
    );
  });

  it('answers a question written with a contraction ("after I\'ve saved it") instead of refusing it', () => {
    const secrets = {
      number: 1,
      title: 'Environment Variables › Secrets',
      text: 'Secrets are encrypted variables for sensitive data. Secret values cannot be viewed in the console once created - you can only update or delete them.',
    };
    const editing = {
      number: 2,
      title: 'Edit a secret',
      text: 'Edits the value of a secret belonging to the project.',
    };
    expect(
      composeAnswer("can I see a secret's value in the console after I've saved it", undefined, [
        secrets,
        editing,
      ]).join(''),
    ).toMatch(/^Secret values cannot be viewed in the console/);
  });

  it('does not take "the difference between" for a subject: "different environments" is no answer', () => {
    const monograph = {
      number: 1,
      title: 'Monograph',
      text: 'A monograph refers to a graph with federation disabled and is limited to a single subgraph.',
    };
    const essentials = {
      number: 2,
      title: 'Essentials › Namespaces',
      text: 'Namespaces are the way to group and isolate graphs in different environments, such as production and staging.',
      sections: [
        {
          title: 'Essentials › Monographs vs Federated Graphs › Monographs',
          text: 'Monographs are graphs that do not perform federation. They consist of a single subgraph.',
        },
        {
          title: 'Essentials › Monographs vs Federated Graphs › Federated Graphs',
          text: 'Federated graphs compose multiple subgraphs into a unified schema.',
        },
      ],
    };
    const create = { number: 3, title: 'Create', text: 'The monograph create command creates a new monograph.' };
    const answer = composeAnswer('what is the difference between a monograph and a federated graph', undefined, [
      monograph,
      essentials,
      create,
    ]).join('');
    expect(answer).toMatch(/^A monograph refers to a graph/);
    expect(answer).not.toContain('different environments');
  });

  it('names the option a "which …" question asks for by its heading, when the section is one of that kind', () => {
    const letAgentDecide = {
      number: 1,
      title: 'Tools › Tool Approvals › Let Agent Decide',
      text: 'The agent will use its judgment about when to ask for permission versus when to proceed automatically.',
    };
    const question = 'which tool approval mode lets the agent decide when to ask for permission';
    expect(composeAnswer(question, undefined, [letAgentDecide]).join('')).toBe(
      'Let Agent Decide: The agent will use its judgment about when to ask for permission versus when to proceed automatically [1]. ',
    );
    const underAnotherKind = { ...letAgentDecide, title: 'Tools › Settings › Let Agent Decide' };
    expect(composeAnswer(question, undefined, [underAnotherKind]).join('')).toMatch(/^The agent will use/);
  });
});
