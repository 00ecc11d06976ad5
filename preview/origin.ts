import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { FastifyRequest } from 'fastify';

// Which addresses this preview answers for, and the origin (scheme, host, port) a request names.
// A page prints absolute addresses built from the origin (canonical_url, shop.url, reset links)
// and the page cache keeps them for every later guest, so the origin is built from checked values
// only. A Host this preview does not serve (a name some other site resolves to this machine, as
// in DNS rebinding) is refused before anything reads it.

/** Where the preview is told it is also reached: PREVIEW_HOST, or the `hosts` option. */
export interface ServedHosts {
  /** Host names (no port), lower case, besides the loopback names and the address a request reached. */
  names: string[];
}

// A host name or an IP literal, then an optional port: nothing a browser could not have sent.
const HOST_PATTERN = /^(?<name>[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::(?<port>\d{1,5}))?$/;

/** Names a list from the environment (commas or spaces between them); [] when unset. */
export function listFromEnv(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Host names as the preview compares them: lower case, no trailing dot, IPv6 in brackets, no port. */
export function servedHosts(names: string[]): ServedHosts {
  return { names: names.map((name) => normaliseName(stripPort(name))) };
}

function stripPort(host: string): string {
  const match = HOST_PATTERN.exec(host.trim());
  return match?.groups?.['name'] ?? host.trim();
}

function normaliseName(name: string): string {
  const lower = name.toLowerCase().replace(/\.$/, '');
  return isIP(lower) === 6 ? `[${lower}]` : lower;
}

/** localhost, *.localhost (RFC 6761), 127.0.0.0/8 and ::1: names only this machine answers. */
function isLoopbackName(name: string): boolean {
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  return name === '[::1]';
}

/** The local address a connection reached (the bound address, or the one of many a wildcard bind took). */
function reachedAddress(request: FastifyRequest): string | null {
  const local = request.raw.socket?.localAddress;
  if (!local) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(local);
  return normaliseName(mapped ? mapped[1]! : local);
}

/** An IP address of one of this machine's interfaces: a preview bound to all of them answers there. */
function isOwnAddress(name: string): boolean {
  if (!isIP(name.replace(/^\[|\]$/g, ''))) return false;
  return Object.values(networkInterfaces()).some((addresses) => addresses?.some((address) => normaliseName(address.address) === name));
}

export type OriginCheck = { origin: string } | { error: 'host' | 'scheme' };

/**
 * The request's origin, or which part of it is not valid. request.host and request.protocol are
 * fastify's: Host (or HTTP/2's :authority) and the connection's scheme, or X-Forwarded-Host and
 * X-Forwarded-Proto when a configured proxy sent the request.
 */
export function checkOrigin(request: FastifyRequest, served: ServedHosts): OriginCheck {
  const scheme = request.protocol;
  if (scheme !== 'http' && scheme !== 'https') return { error: 'scheme' };
  const host = request.host;
  if (host === '') {
    // HTTP/1.0 names no host: the address the connection reached does.
    const local = reachedAddress(request);
    const port = request.raw.socket?.localPort;
    return { origin: `${scheme}://${local ?? '127.0.0.1'}${port ? `:${port}` : ''}` };
  }
  const match = HOST_PATTERN.exec(host);
  if (!match) return { error: 'host' };
  const port = match.groups?.['port'];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return { error: 'host' };
  const name = normaliseName(match.groups?.['name'] ?? '');
  if (name.startsWith('[') && isIP(name.slice(1, -1)) !== 6) return { error: 'host' };
  const answered = isLoopbackName(name) || served.names.includes(name) || name === reachedAddress(request) || isOwnAddress(name);
  if (!answered) return { error: 'host' };
  // As the URL standard writes it: the name in lower case, a default port (:80, :443) left out.
  try {
    return { origin: new URL(`${scheme}://${host}`).origin };
  } catch {
    return { error: 'host' };
  }
}
