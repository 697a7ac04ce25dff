import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import {
  buildAssistantPrompt,
  readPromptQuestion,
  type AssistantSource,
} from '../../runtime/assistant/assistant-prompt.ts';
import { isCodeLine } from '../../runtime/assistant/code-lines.ts';
import { createAssistantStream } from '../../runtime/assistant/create-assistant-stream.ts';
import { composeAnswer } from '../../runtime/assistant/compose-answer.ts';
import { readConversation } from '../../runtime/assistant/read-conversation.ts';

const embeddings = {
  number: 1,
  text: [
    'The embed endpoint returns one vector for each of the texts it receives.',
    'Generate embeddings for a batch of texts by passing an array of strings as input to the embed endpoint.',
    'JavaScript',
    "import ollama from 'ollama'",
    '',
    'const batch = await ollama.embed({',
    "  model: 'embeddinggemma',",
    "  input: ['First text', 'Second text'],",
    '})',
    'console.log(batch.embeddings.length) // number of vectors',
  ].join('\n'),
};
const other = {
  number: 2,
  text: 'The embed endpoint accepts texts of up to 8,192 tokens. Longer inputs are truncated.',
};

describe('extractive answers', () => {
  it('leads with the best sentence of the best source and quotes no source that lacks the deciding term', () => {
    const answer = composeAnswer('how do I embed a batch of texts', undefined, [embeddings, other]);
    expect(answer[0]).toBe(
      'Generate embeddings for a batch of texts by passing an array of strings as input to the embed endpoint [1]. ',
    );
    expect(answer.join('')).not.toContain('[2]');
  });

  it('never quotes an import line or a code fragment as a sentence', () => {
    const prose = composeAnswer('how do I embed a batch of texts with ollama', undefined, [embeddings, other])
      .join('')
      .replace(/```[\s\S]*?```/g, '');
    expect(prose).not.toContain('import ollama');
    expect(prose).not.toContain('await ollama.embed');
    expect(isCodeLine("import ollama from 'ollama'")).toBe(true);
    expect(isCodeLine('npm i -g example-cli')).toBe(true);
    expect(isCodeLine('Set OLLAMA_HOST to 0.0.0.0 to listen on every network interface.')).toBe(false);
  });

  it('reads list items that open with "using" or end with a comma as prose, and C# or code lines as code', () => {
    expect(isCodeLine('using the CLI')).toBe(false);
    expect(isCodeLine('Purchase a domain name from a DNS provider,')).toBe(false);
    expect(isCodeLine('using System.Text;')).toBe(true);
    expect(isCodeLine('using (var client = new HttpClient())')).toBe(true);
    expect(isCodeLine('  alias: "template-tag-dev",')).toBe(true);
    expect(isCodeLine('SELECT id, name,')).toBe(true);
  });

  it('puts the code in a fenced block, whole, under the label that introduces it, when the question asks for code', () => {
    const answer = composeAnswer('javascript code to embed a batch of texts', undefined, [embeddings, other]);
    expect(answer.at(-1)).toBe(
      "JavaScript [1]:\n\n```\nimport ollama from 'ollama'\n\nconst batch = await ollama.embed({\n  model: 'embeddinggemma',\n  input: ['First text', 'Second text'],\n})\nconsole.log(batch.embeddings.length) // number of vectors\n```\n\n",
    );
  });
});

describe('follow-up questions', () => {
  it('read the previous answer from the conversation', () => {
    const conversation = readConversation({
      messages: [
        { role: 'user', content: 'How do I install the CLI?' },
        { role: 'assistant', content: 'Install it with npm i -g example-cli [1].' },
        { role: 'user', content: 'and on Windows?' },
      ],
    } as never);
    expect(conversation).toMatchObject({
      question: 'and on Windows?',
      previousQuestion: 'How do I install the CLI?',
      previousAnswer: 'Install it with npm i -g example-cli [1].',
    });
    expect(
      readConversation({ messages: [{ role: 'user', content: 'first question' }] } as never).previousAnswer,
    ).toBeUndefined();
  });

  it('send the previous answer, not only the questions, to the model', async () => {
    const prompts: string[] = [];
    const capturing = new MockLanguageModelV3({
      modelId: 'capturing',
      doStream: async (options: LanguageModelV3CallOptions) => {
        for (const message of options.prompt)
          if (message.role === 'user')
            prompts.push(message.content.map((part) => (part.type === 'text' ? part.text : '')).join(''));
        return { stream: new ReadableStream({ start: (controller) => controller.close() }) };
      },
    });
    const sources: AssistantSource[] = [
      {
        id: 'src_1',
        url: 'https://docs.example.com/install',
        title: 'Install',
        path: 'install',
        anchor: '',
        text: 'Use the MSI installer on Windows.',
        snippet: '',
      },
    ];
    const stream = createAssistantStream({
      protocol: 'data',
      question: 'and on Windows?',
      previousQuestion: 'How do I install the CLI?',
      previousAnswer: 'Install it with npm i -g example-cli [1].',
      sources,
      threadId: 't',
      messageId: 'm',
      model: capturing,
    });
    await new Response(stream.body).text();
    expect(prompts[0]).toBe(
      'Previous question: How do I install the CLI?\n\nPrevious answer: Install it with npm i -g example-cli [1].\n\nQuestion: and on Windows?',
    );
    expect(readPromptQuestion(buildAssistantPrompt({ question: 'q?', previousAnswer: 'a.', sources }).prompt)).toEqual({
      question: 'q?',
      previousAnswer: 'a.',
    });
  });
});
