import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { isPublicAddress, parseAddress } from './public-address.js';

/** A resolver in the shape of `dns.lookup` with `all: true`; tests inject one to play a rebinding DNS. */
export type LookupAll = (
  hostname: string,
  options: LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** A connection refused because its target is not a public address. */
export class PrivateAddressError extends Error {
  readonly code = 'ERR_PRIVATE_ADDRESS';

  constructor(host: string, address: string) {
    super(
      address === host
        ? `${host} is not a public address`
        : `${host} resolves to ${address}, which is not a public address`,
    );
  }
}

const systemLookup: LookupAll = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/**
 * A socket `lookup` that answers only when every address the name resolves to is public. It runs for each new
 * connection, on the very answer the socket connects to, so a DNS answer that changes after a URL was checked
 * (DNS rebinding) cannot reach a private address.
 */
export function publicLookup(resolve: LookupAll = systemLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const refused = addresses.find((a) => !isPublicAddress(a.address));
      const first = addresses[0];
      if (refused || !first) {
        return callback(new PrivateAddressError(hostname, refused?.address ?? 'nothing'), '');
      }
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

/**
 * An undici dispatcher that connects to public addresses only: literal addresses are checked before the
 * socket opens (no lookup runs for them), names through {@link publicLookup}.
 */
export function publicOnlyAgent(opts: { lookup?: LookupAll } = {}): Agent {
  const connector = buildConnector({ lookup: publicLookup(opts.lookup) });
  return new Agent({
    connect(options, callback) {
      const literal = parseAddress(options.hostname);
      if (literal && !isPublicAddress(literal.address)) {
        callback(new PrivateAddressError(options.hostname, options.hostname), null);
        return;
      }
      connector(options, callback);
    },
  });
}
