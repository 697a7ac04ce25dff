/** A stored API key: never the key itself, only the sha256 of its secret. */
export interface KeyRecord {
  id: string;
  name?: string;
  org: string;
  domains: string[];
  /** Browser origins allowed to use the key (`https://docs.example.com`); absent: any origin. */
  origins?: string[];
  /** Whether the key may read analytics (default false). */
  admin?: boolean;
  /** sha256 (hex) of the secret part of the key. */
  hash: string;
  createdAt: string;
  revokedAt?: string;
}

/** Outcome of checking a bearer token for a domain. */
export type KeyVerification =
  | { ok: true; keyId: string; org: string; origins?: string[]; admin?: true }
  | { ok: false; reason: 'missing' | 'invalid' | 'forbidden' };
