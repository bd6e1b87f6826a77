import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Addresses a fetch for a user (music links, webhooks) may never reach: private, loopback, link-local, reserved. */
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

/** Name resolution and which addresses may not be connected to. */
export interface AddressNetwork {
  /** Every address a host name resolves to. */
  resolve(host: string): Promise<string[]>;
  /** Whether an address may not be connected to. */
  isBlocked(address: string): boolean;
}

/** The internet as it is: the system's name resolution; private addresses blocked. */
export const PUBLIC_NETWORK: AddressNetwork = {
  async resolve(host) {
    return (await dnsLookup(host, { all: true })).map((entry) => entry.address);
  },
  isBlocked: isPrivateAddress,
};

/** Whether an address is this machine's (127.0.0.0/8, ::1). */
export function isLoopbackAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const v4 = mapped ? mapped[1]! : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/**
 * A `lookup` for node's http(s) requests that resolves the host itself and refuses (with
 * `refusal(host)`) when it has no address or any address is blocked: what is checked is what
 * the connection then uses, so a name cannot resolve differently between check and connect.
 */
export function guardedLookup(
  network: AddressNetwork,
  refusal: (hostname: string) => Error,
): LookupFunction {
  return (hostname, options, callback) => {
    network.resolve(hostname).then(
      (addresses) => {
        const blocked = addresses.find((address) => network.isBlocked(address));
        if (addresses.length === 0 || blocked) {
          callback(refusal(hostname), '', 0);
          return;
        }
        const address = addresses[0]!;
        if (options.all) callback(null, [{ address, family: isIP(address) }]);
        else callback(null, address, isIP(address));
      },
      (error: Error) => callback(error, '', 0),
    );
  };
}
