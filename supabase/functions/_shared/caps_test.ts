import assert from 'node:assert/strict';
import { clientAddress } from './caps.ts';
import { jsonRequest } from './testing.ts';

const from = (forwarded?: string) =>
  clientAddress(
    jsonRequest({}, forwarded === undefined ? {} : { headers: { 'X-Forwarded-For': forwarded } }),
  );

Deno.test('the client is the first x-forwarded-for address', () => {
  assert.equal(from('203.0.113.9'), '203.0.113.9');
  assert.equal(from(' 203.0.113.9 , 10.0.0.1, 127.0.0.1'), '203.0.113.9');
  assert.equal(from('2001:DB8::1, 127.0.0.1'), '2001:db8::1');
});

Deno.test('no header, an empty one or something that is not an address gives no client', () => {
  assert.equal(from(), null);
  assert.equal(from(''), null);
  assert.equal(from(', 10.0.0.1'), null);
  assert.equal(from('evil.example.com'), null);
  assert.equal(from('1'.repeat(65)), null);
});
