import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './security.js';

const trusted = ['https://studio.example'];
const request = (method: string, headers: Record<string, string>) =>
  ({ method, headers: { host: 'studio.example', ...headers } }) as unknown as FastifyRequest;

describe('isAllowedOrigin', () => {
  it('lets reads through whatever their origin', () => {
    expect(isAllowedOrigin(request('GET', { origin: 'https://evil.example' }), trusted)).toBe(true);
  });

  it('accepts state changes from the public address or the address asked', () => {
    expect(isAllowedOrigin(request('POST', { origin: 'https://studio.example' }), trusted)).toBe(
      true,
    );
    expect(
      isAllowedOrigin(
        request('DELETE', { origin: 'http://10.0.0.5:3000', host: '10.0.0.5:3000' }),
        trusted,
      ),
    ).toBe(true);
  });

  it('refuses state changes another site starts', () => {
    expect(isAllowedOrigin(request('POST', { origin: 'https://evil.example' }), trusted)).toBe(
      false,
    );
    expect(isAllowedOrigin(request('PATCH', { origin: 'null' }), trusted)).toBe(false);
    expect(isAllowedOrigin(request('POST', { 'sec-fetch-site': 'cross-site' }), trusted)).toBe(
      false,
    );
  });

  it('lets programs that send no Origin through (cookies are SameSite=Lax)', () => {
    expect(isAllowedOrigin(request('POST', {}), trusted)).toBe(true);
  });
});
