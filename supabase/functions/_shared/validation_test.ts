import assert from 'node:assert/strict';
import { HttpError } from './http.ts';
import {
  emailField,
  optionalText,
  parsePayload,
  readJsonObject,
  readText,
  requiredText,
  z,
} from './validation.ts';
import { beaconRequest, jsonRequest } from './testing.ts';

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected an HttpError');
}

Deno.test('readJsonObject parses a JSON body whatever its content type', async () => {
  assert.deepEqual(await readJsonObject(jsonRequest({ a: 1 })), { a: 1 });
  assert.deepEqual(await readJsonObject(beaconRequest({ a: 2 })), { a: 2 });
  assert.deepEqual(await readJsonObject(beaconRequest({ a: 3 }, 'application/json')), { a: 3 });
});

Deno.test('readJsonObject answers 400 for a missing, malformed or non-object body', async () => {
  assert.equal((await rejection(readJsonObject(jsonRequest('')))).status, 400);
  const malformed = await rejection(readJsonObject(jsonRequest('{"a":')));
  assert.equal(malformed.status, 400);
  assert.equal(malformed.message, 'Body is not valid JSON');
  assert.equal((await rejection(readJsonObject(jsonRequest('[1,2]')))).message, 'Body must be a JSON object');
  assert.equal((await rejection(readJsonObject(jsonRequest('null')))).status, 400);
});

Deno.test('readText refuses a body over the limit with 413, even without Content-Length', async () => {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < 10; i++) controller.enqueue(new Uint8Array(1024));
      controller.close();
    },
  });
  const req = new Request('http://x/', { method: 'POST', body: stream });
  assert.equal((await rejection(readText(req, 8 * 1024))).status, 413);
  assert.equal((await rejection(readText(jsonRequest('x'.repeat(9000)), 8 * 1024))).status, 413);
});

Deno.test('readText refuses bytes that are not UTF-8', async () => {
  const req = new Request('http://x/', { method: 'POST', body: new Uint8Array([0xff, 0xfe, 0x41]) });
  assert.equal((await rejection(readText(req, 100))).message, 'Body is not valid UTF-8');
});

Deno.test('parsePayload names the field and the problem', () => {
  const schema = z.object({ email: emailField, name: requiredText(5), nickname: optionalText(3) });
  const error = (value: unknown) => {
    try {
      parsePayload(schema, value);
    } catch (e) {
      assert.ok(e instanceof HttpError);
      assert.equal(e.status, 400);
      return e.message;
    }
    throw new Error('expected a 400');
  };
  assert.equal(error({ name: 'Ann' }), 'email: is required');
  assert.equal(error({ email: 'nope', name: 'Ann' }), 'email: must be a valid email address');
  assert.equal(error({ email: 'a@b.co', name: '   ' }), 'name: is required');
  assert.equal(error({ email: 'a@b.co', name: 'Annabel' }), 'name: must be at most 5 characters');
  assert.equal(
    error({ email: 'a@b.co', name: 'Ann', nickname: 'Annie' }),
    'nickname: must be at most 3 characters',
  );
  assert.deepEqual(parsePayload(schema, { email: ' a@b.co ', name: ' Ann ', nickname: '' }), {
    email: 'a@b.co',
    name: 'Ann',
    nickname: undefined,
  });
});
