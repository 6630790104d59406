import { stackEnv } from './stack.ts';

/** Reads what the product sent, from the local mail catcher (maildev's REST API). */
export interface InboxEmail {
  id: string;
  subject: string;
  html: string;
  text: string;
  to: { address: string; name: string }[];
  from: { address: string; name: string }[];
  attachments?: InboxAttachment[];
}

export interface InboxAttachment {
  contentType: string;
  fileName: string;
  generatedFileName: string;
}

export async function listEmails(): Promise<InboxEmail[]> {
  const response = await fetch(`${stackEnv.inboxUrl}/email`);
  if (!response.ok) throw new Error(`inbox answered ${response.status}`);
  return (await response.json()) as InboxEmail[];
}

/** Waits for an email to `address` whose subject matches, and returns it. */
export async function waitForEmail(
  address: string,
  subject: RegExp = /.*/,
  timeoutMs = 10000,
  matches: (mail: InboxEmail) => boolean = () => true,
): Promise<InboxEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await listEmails()).find(
      (mail) =>
        mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()) &&
        subject.test(mail.subject) &&
        matches(mail),
    );
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no email to ${address} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** The text of an email's attachment (e.g. its .ics), as the mail catcher stored it. */
export async function attachmentText(mail: InboxEmail, fileName: string): Promise<string> {
  const attachment = mail.attachments?.find((file) => file.fileName === fileName);
  if (!attachment) throw new Error(`no attachment ${fileName} on "${mail.subject}"`);
  const response = await fetch(
    `${stackEnv.inboxUrl}/email/${mail.id}/attachment/${encodeURIComponent(attachment.generatedFileName)}`,
  );
  if (!response.ok) throw new Error(`inbox answered ${response.status} for ${fileName}`);
  return response.text();
}
