import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  guardedLookup,
  isPrivateAddress,
  PUBLIC_NETWORK,
  type AddressNetwork,
} from '../http/address-guard.js';

export { isPrivateAddress, PUBLIC_NETWORK };

/** How the fetcher reaches the network: name resolution and which addresses it refuses. */
export type MusicLinkNetwork = AddressNetwork;

/** A refusal or failure of a music link, with the message the dialog shows. */
export class MusicLinkError extends Error {
  constructor(
    message: string,
    readonly code: 'HOST_NOT_ALLOWED' | 'ADDRESS_NOT_ALLOWED' | 'FETCH_FAILED' | 'TOO_LARGE',
  ) {
    super(message);
    this.name = 'MusicLinkError';
  }
}

const MAX_REDIRECTS = 5;
const TIMEOUT_MS = 15_000;

/**
 * Fetches from an allow-list of hosts only (their sub-domains included), over http(s), never
 * from a private or loopback address: the connection's own name lookup resolves the host and
 * refuses if any address is blocked, so what is checked is what is connected to. Redirects
 * are followed by hand, each hop checked the same way.
 */
export class MusicLinkFetcher {
  constructor(
    private readonly allowedHosts: readonly string[],
    private readonly network: MusicLinkNetwork = PUBLIC_NETWORK,
  ) {}

  allows(host: string): boolean {
    const name = host.toLowerCase().replace(/\.$/, '');
    return this.allowedHosts.some((allowed) => name === allowed || name.endsWith(`.${allowed}`));
  }

  /** The body of `url` (at most `maxBytes`), following allowed redirects. */
  async get(url: string, maxBytes: number): Promise<{ url: string; type: string; body: Buffer }> {
    let current = new URL(url);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (current.protocol !== 'https:' && current.protocol !== 'http:')
        throw new MusicLinkError('Only http and https links can be used', 'HOST_NOT_ALLOWED');
      if (isIP(current.hostname.replace(/^\[|\]$/g, '')) || !this.allows(current.hostname))
        throw new MusicLinkError(
          `${current.hostname} is not a Suno or TikTok address`,
          'HOST_NOT_ALLOWED',
        );
      const answer = await this.request(current, maxBytes);
      if (answer.location) {
        current = new URL(answer.location, current);
        continue;
      }
      return { url: current.href, type: answer.type, body: answer.body };
    }
    throw new MusicLinkError('The link redirects too many times', 'FETCH_FAILED');
  }

  private request(
    url: URL,
    maxBytes: number,
  ): Promise<{ location?: string; type: string; body: Buffer }> {
    const lookup = guardedLookup(
      this.network,
      (hostname) =>
        new MusicLinkError(
          `${hostname} resolves to an address that cannot be used`,
          'ADDRESS_NOT_ALLOWED',
        ),
    );
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.get(
        url,
        { lookup, timeout: TIMEOUT_MS, headers: { 'user-agent': 'Storyloom music link' } },
        (res) => {
          const status = res.statusCode ?? 0;
          if (status >= 300 && status < 400 && res.headers.location) {
            res.resume();
            resolve({ location: res.headers.location, type: '', body: Buffer.alloc(0) });
            return;
          }
          if (status !== 200) {
            res.resume();
            reject(new MusicLinkError(`The link answered ${status}`, 'FETCH_FAILED'));
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              req.destroy(new MusicLinkError('The music file is too large', 'TOO_LARGE'));
              return;
            }
            chunks.push(chunk);
          });
          res.on('end', () =>
            resolve({ type: res.headers['content-type'] ?? '', body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () =>
        req.destroy(new MusicLinkError('The link did not answer in time', 'FETCH_FAILED')),
      );
      req.on('error', (error) =>
        reject(
          error instanceof MusicLinkError
            ? error
            : new MusicLinkError(`The link could not be fetched: ${error.message}`, 'FETCH_FAILED'),
        ),
      );
    });
  }
}
