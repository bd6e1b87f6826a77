import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Addresses a music link may never reach: private, loopback, link-local, reserved. */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

/** Whether an address is private, loopback or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** How the fetcher reaches the network: name resolution and which addresses it refuses. */
export interface MusicLinkNetwork {
  /** Every address a host name resolves to. */
  resolve(host: string): Promise<string[]>;
  /** Whether an address may not be connected to. */
  isBlocked(address: string): boolean;
}

export const PUBLIC_NETWORK: MusicLinkNetwork = {
  async resolve(host) {
    return (await dnsLookup(host, { all: true })).map((entry) => entry.address);
  },
  isBlocked: isPrivateAddress,
};

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
    const network = this.network;
    const lookup: LookupFunction = (hostname, options, callback) => {
      network.resolve(hostname).then(
        (addresses) => {
          const blocked = addresses.find((address) => network.isBlocked(address));
          if (addresses.length === 0 || blocked) {
            callback(
              new MusicLinkError(
                `${hostname} resolves to an address that cannot be used`,
                'ADDRESS_NOT_ALLOWED',
              ),
              '',
              0,
            );
            return;
          }
          const address = addresses[0]!;
          if (options.all) callback(null, [{ address, family: isIP(address) }]);
          else callback(null, address, isIP(address));
        },
        (error: Error) => callback(error, '', 0),
      );
    };
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
