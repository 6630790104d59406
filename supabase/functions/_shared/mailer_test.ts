import assert from 'node:assert/strict';
import { calendarAttachment, sessionUid } from './ics.ts';
import { base64Utf8, mailerFromEnv, memoryMailer, resendMailer, type EmailMessage } from './mailer.ts';

const invite = () =>
  calendarAttachment({
    uid: sessionUid('s1'),
    sequence: 1,
    start: new Date('2026-12-03T16:30:00Z'),
    end: new Date('2026-12-03T17:00:00Z'),
    summary: 'Séance, Mia',
  });

const message = (overrides: Partial<EmailMessage> = {}): EmailMessage => ({
  to: 'parent@example.com',
  subject: 'Hello',
  html: '<p>Hello</p>',
  text: 'Hello',
  ...overrides,
});

const env = (values: Record<string, string>) => ({ get: (name: string) => values[name] });

Deno.test('the Resend transport posts the message to the Resend API with the key', async () => {
  const calls: { url: string; init: RequestInit }[] = [];
  const fakeFetch = ((url: string, init: RequestInit) => {
    calls.push({ url, init });
    return Promise.resolve(new Response('{"id":"1"}', { status: 200 }));
  }) as unknown as typeof fetch;
  await resendMailer({ apiKey: 're_test', from: 'Ploom <hello@ploom.family>', fetch: fakeFetch }).send(
    message({ subject: 'Hi\r\nBcc: x@example.com', replyTo: 'team@example.com' }),
  );
  assert.equal(calls.length, 1);
  assert.equal(calls[0].url, 'https://api.resend.com/emails');
  assert.equal(new Headers(calls[0].init.headers).get('authorization'), 'Bearer re_test');
  assert.deepEqual(JSON.parse(String(calls[0].init.body)), {
    from: 'Ploom <hello@ploom.family>',
    to: ['parent@example.com'],
    subject: 'Hi Bcc: x@example.com',
    html: '<p>Hello</p>',
    text: 'Hello',
    reply_to: 'team@example.com',
  });
});

Deno.test('the Resend transport sends attachments base64-encoded with their content type', async () => {
  let body: Record<string, unknown> = {};
  const fakeFetch = ((_url: string, init: RequestInit) => {
    body = JSON.parse(String(init.body));
    return Promise.resolve(new Response('{"id":"1"}', { status: 200 }));
  }) as unknown as typeof fetch;
  const attachment = invite();
  await resendMailer({ apiKey: 're_test', from: 'x@example.com', fetch: fakeFetch }).send(
    message({ attachments: [attachment] }),
  );
  const [sent] = body.attachments as { filename: string; content: string; content_type: string }[];
  assert.equal(sent.filename, 'invite.ics');
  assert.equal(sent.content_type, 'text/calendar; method=REQUEST; charset=UTF-8');
  const decoded = new TextDecoder().decode(Uint8Array.from(atob(sent.content), (c) => c.charCodeAt(0)));
  assert.equal(decoded, attachment.content);
  assert.match(decoded, /SUMMARY:Séance\\, Mia/);
});

Deno.test('base64Utf8 encodes text beyond Latin-1', () => {
  assert.equal(base64Utf8('é🎈'), 'w6nwn46I');
});

Deno.test('the Resend transport throws when Resend refuses the message', async () => {
  const fakeFetch = (() =>
    Promise.resolve(new Response('{"message":"invalid from"}', { status: 422 }))) as unknown as typeof fetch;
  await assert.rejects(
    resendMailer({ apiKey: 're_test', from: 'x@example.com', fetch: fakeFetch }).send(message()),
    /Resend answered 422/,
  );
});

Deno.test('mailerFromEnv uses Resend only when RESEND_API_KEY is set', async () => {
  const originalFetch = globalThis.fetch;
  let called = '';
  globalThis.fetch = ((url: string) => {
    called = url;
    return Promise.resolve(new Response('{}', { status: 200 }));
  }) as unknown as typeof fetch;
  try {
    await mailerFromEnv(env({ RESEND_API_KEY: 're_x', MAIL_FROM: 'a@b.co' })).send(message());
    assert.equal(called, 'https://api.resend.com/emails');
  } finally {
    globalThis.fetch = originalFetch;
  }
});

Deno.test('the SMTP transport delivers to the configured server', async () => {
  // A minimal SMTP server: records the DATA of one message.
  const listener = Deno.listen({ hostname: '127.0.0.1', port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  const received = (async () => {
    const conn = await listener.accept();
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    const write = (line: string) => conn.write(encoder.encode(line + '\r\n'));
    await write('220 test ESMTP');
    let buffer = '';
    let data = '';
    let inData = false;
    const chunk = new Uint8Array(65536);
    for (;;) {
      const n = await conn.read(chunk);
      if (n === null) break;
      buffer += decoder.decode(chunk.subarray(0, n));
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            await write('250 queued');
          } else data += line + '\n';
        } else if (/^(EHLO|HELO)/i.test(line)) await write('250 test');
        else if (/^DATA/i.test(line)) {
          inData = true;
          await write('354 go on');
        } else if (/^QUIT/i.test(line)) {
          await write('221 bye');
          conn.close();
          return data;
        } else await write('250 ok');
      }
    }
    return data;
  })();
  const mailer = mailerFromEnv(
    env({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), MAIL_FROM: 'Ploom <hello@ploom.local>' }),
  );
  await mailer.send(message({ subject: 'Welcome\nX-Injected: yes', attachments: [invite()] }));
  const data = await Promise.race([
    received,
    new Promise<string>((resolve) => setTimeout(() => resolve(''), 3000)),
  ]);
  listener.close();
  assert.match(data, /^Subject: Welcome X-Injected: yes$/m);
  assert.doesNotMatch(data, /^X-Injected:/m);
  assert.match(data, /^To: parent@example.com$/m);
  assert.match(data, /^Content-Type: text\/calendar; method=REQUEST; charset=UTF-8/m);
  assert.match(data, /filename=invite\.ics/);
  const base64 = data
    .split(/filename=invite\.ics\n(?:.+\n)*?\n/)[1]
    .split('\n--')[0]
    .replace(/\n/g, '');
  const decoded = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
  assert.match(decoded, /^BEGIN:VCALENDAR\r\n/);
  assert.match(decoded, /UID:session-s1@ploom/);
});

Deno.test('the memory mailer records messages and can simulate a failure', async () => {
  const mailer = memoryMailer({ failFor: (m) => m.to === 'down@example.com' });
  await mailer.send(message());
  await assert.rejects(mailer.send(message({ to: 'down@example.com' })));
  assert.equal(mailer.sent.length, 1);
});
