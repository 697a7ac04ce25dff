import { describe, expect, it } from 'vitest';
import { scrubSensitiveText } from '../../runtime/analytics/scrub-sensitive-text.ts';

describe('scrubSensitiveText', () => {
  it.each([
    ['My email is jane.doe+docs@example.co.uk, why no invoice?', 'My email is [email], why no invoice?'],
    ['écrivez à rené@exemple.fr', 'écrivez à [email]'],
    [
      'I set OPENAI_API_KEY=sk-proj-4fGh7Jk9Lm2Np5Qr8St1Uv3Wx6Yz0Ab and get 401',
      'I set OPENAI_API_KEY=[secret] and get 401',
    ],
    [
      'curl -H "Authorization: Bearer ds_0123456789ab_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg"',
      'curl -H "Authorization: [secret]"',
    ],
    ['my token ghp_abcdefghijklmnopqrstuvwxyz0123456789 is it valid', 'my token [secret] is it valid'],
    ['STRIPE_WEBHOOK_KEY: "abc123def456ghi"', 'STRIPE_WEBHOOK_KEY: "[secret]"'],
    ['password: hunter22 fails', 'password: [secret] fails'],
    [
      'connect to postgres://admin:s3cret@db.example.com:5432/app',
      'connect to postgres://[secret]@db.example.com:5432/app',
    ],
    ['AWS key AKIAIOSFODNN7EXAMPLE leaked', 'AWS key [secret] leaked'],
    [
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U expired',
      '[secret] expired',
    ],
    ['random Zx8Qm2Lp9Vt4Rn7Ws3Ky6Hb1 string', 'random [secret] string'],
    ['id 550e8400-e29b-41d4-a716-446655440000 not found', 'id [secret] not found'],
    ['-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY----- rejected', '[secret] rejected'],
    ['card 4111 1111 1111 1111 was declined', 'card [number] was declined'],
    ['card 4111-1111-1111-1111 exp 12/27', 'card [number] exp 12/27'],
    ['account 123456789012 locked', 'account [number] locked'],
    ['call me at +1 (555) 010-9999 or +44 20 7946 0958', 'call me at [phone] or [phone]'],
    [
      'server 203.0.113.42 cannot reach 127.0.0.1:8080 or 192.168.1.10',
      'server [ip] cannot reach 127.0.0.1:8080 or 192.168.1.10',
    ],
  ])('scrubs %j', (text, scrubbed) => {
    expect(scrubSensitiveText(text)).toBe(scrubbed);
  });

  it.each([
    'How do I rotate an API key?',
    'what is the api key format',
    'does claude-3-5-sonnet-20241022 work with text-embedding-3-large?',
    'version 1.2.3 on port 8080 since 2024-01-15 with OLLAMA_HOST_CONFIGURATION',
    'the tokenizer=bpe setting and primary key: id column',
    'set OLLAMA_HOST to 0.0.0.0 and call getServerSideProps',
  ])('keeps %j as it is', (text) => {
    expect(scrubSensitiveText(text)).toBe(text);
  });

  it('scrubs a question of one 100,000-character word in one pass, finding what follows it', () => {
    for (const word of ['x'.repeat(100_000), '漢'.repeat(100_000), 'a.'.repeat(50_000), 'a-'.repeat(50_000)])
      expect(scrubSensitiveText(`${word} mail jane@example.com, password=hunter22`)).toBe(
        `${word} mail [email], password=[secret]`,
      );
  });
});
