import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The `Storyloom-Signature` of a delivery: `v1=` + hex HMAC-SHA256 of `{timestamp}.{body}` keyed
 * by the endpoint's secret (timestamp: the `Storyloom-Timestamp` header, Unix seconds).
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Whether a delivery's signature is right, compared in constant time (receivers' check). */
export function verifyWebhookSignature(
  secret: string,
  timestamp: number,
  body: string,
  signature: string,
): boolean {
  const expected = Buffer.from(webhookSignature(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
