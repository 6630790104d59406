import assert from 'node:assert/strict';
import { clientAddress } from './caps.ts';
import { jsonRequest } from './testing.ts';

const from = (forwarded?: string) =>
  clientAddress(
    jsonRequest({}, forwarded === undefined ? {} : { headers: { 'X-Forwarded-For': forwarded } }),
  );

Deno.test('the client is the last x-forwarded-for address, the one the gateway appended', () => {
  assert.equal(from('203.0.113.9'), '203.0.113.9');
  assert.equal(from('10.0.0.1, 127.0.0.1 , 203.0.113.9 '), '203.0.113.9');
  assert.equal(from('127.0.0.1, 2001:DB8::1'), '2001:db8::1');
});

Deno.test("what the client wrote in its own header before the gateway's entry is ignored", () => {
  // A client sending `X-Forwarded-For: 203.0.113.N` gets the same client as without it.
  assert.equal(from('203.0.113.1, 198.51.100.7'), '198.51.100.7');
  assert.equal(from('203.0.113.2, 198.51.100.7'), '198.51.100.7');
  assert.equal(from('not-an-address, 198.51.100.7'), '198.51.100.7');
});

Deno.test('no header, an empty one or something that is not an address gives no client', () => {
  assert.equal(from(), null);
  assert.equal(from(''), null);
  assert.equal(from('10.0.0.1, '), null);
  assert.equal(from('10.0.0.1, evil.example.com'), null);
  assert.equal(from('evil.example.com'), null);
  assert.equal(from('1'.repeat(65)), null);
});
