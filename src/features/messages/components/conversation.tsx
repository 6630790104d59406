import { zodResolver } from '@hookform/resolvers/zod';
import { memo, useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast-store';
import { useConversation, type FamilyMessage, type SenderRole } from '../api/get-conversation';
import { useMarkRead } from '../api/mark-read';
import { MESSAGE_MAX_LENGTH, messageSchema, useSendMessage, type MessageInput } from '../api/send-message';
import { useFollowConversations } from '../hooks/use-follow-conversations';
import { MessageText } from './message-text';

export type Viewer = 'parent' | 'coach' | 'admin';

/** Who wrote a message, as the viewer reads it. */
function senderLabel(message: FamilyMessage, viewer: Viewer, viewerId: string, familyLabel: string) {
  if (message.senderId === viewerId) return 'You';
  const labels: Record<SenderRole, string> = {
    parent: viewer === 'parent' ? 'You' : familyLabel,
    coach: viewer === 'parent' ? 'Your coach' : 'Coach',
    admin: 'Ploom team',
  };
  return labels[message.senderRole];
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A message the viewer has sent that the conversation does not hold yet. */
interface Outgoing {
  key: number;
  body: string;
  /** the saved message's id, once the database has it */
  id?: string;
  /** the viewer's messages with the same text already in the conversation when this one was sent */
  earlier: string[];
}

const NOT_SENT = 'Not sent. Your message is back in the box: please try again in a moment.';

/** One message, drawn again only when it changes (typing in the box leaves the list alone). */
const MessageItem = memo(function MessageItem({
  message,
  viewer,
  viewerId,
  familyLabel,
}: {
  message: FamilyMessage;
  viewer: Viewer;
  viewerId: string;
  familyLabel: string;
}) {
  const mine = message.senderId === viewerId;
  return (
    <li
      className={
        mine
          ? 'ml-auto max-w-[85%] rounded-2xl bg-brand-50 px-4 py-2'
          : 'mr-auto max-w-[85%] rounded-2xl bg-cream px-4 py-2'
      }
    >
      <p className="text-xs font-semibold text-ink-muted">
        {senderLabel(message, viewer, viewerId, familyLabel)} ·{' '}
        <time dateTime={message.createdAt}>{timeFormat.format(new Date(message.createdAt))}</time>
      </p>
      <MessageText body={message.body} />
    </li>
  );
});

/** The viewer's message on its way: shown at once, in the viewer's own colour, marked as sending. */
function OutgoingItem({ body }: { body: string }) {
  return (
    <li className="ml-auto max-w-[85%] rounded-2xl bg-brand-50 px-4 py-2" data-testid="message-sending">
      <p className="text-xs font-semibold text-ink-muted">You · Sending…</p>
      <MessageText body={body} />
    </li>
  );
}

/**
 * A family's conversation: the messages (live), the safeguarding note both sides see, and the
 * composer. Opening it, and each new message while it is open, marks it read for the viewer.
 * A message sent shows in the conversation at once ("Sending…") and the box empties; once saved
 * it takes its place with its time; if it is refused it leaves the list and its text goes back into
 * the box with the reason, nothing lost.
 */
export function Conversation({
  familyId,
  viewer,
  viewerId,
  familyLabel,
}: {
  familyId: string;
  viewer: Viewer;
  viewerId: string;
  /** how the family's parent is named to staff, e.g. "Sam (Mia's parent)" */
  familyLabel: string;
}) {
  useFollowConversations([familyId]);
  const conversation = useConversation(familyId);
  const send = useSendMessage();
  const markRead = useMarkRead();
  const form = useForm<MessageInput>({ resolver: zodResolver(messageSchema), defaultValues: { body: '' } });
  const body = useWatch({ control: form.control, name: 'body' });
  const messages = conversation.data ?? [];
  const [outbox, setOutbox] = useState<Outgoing[]>([]);
  const nextKey = useRef(0);
  // The box a send emptied, not written in since: the second press of a double click lands on it
  // and is let go, not answered with "Write a message first."
  const emptiedBySend = useRef(false);
  // A sent message leaves the outbox as soon as the conversation holds it: by its id, or (read
  // again live before the database's answer came) as a new message of the viewer's with its text.
  const held = new Set(messages.map((message) => message.id));
  const sending = outbox.filter((item) =>
    item.id
      ? !held.has(item.id)
      : !messages.some(
          (m) => m.senderId === viewerId && m.body === item.body && !item.earlier.includes(m.id),
        ),
  );
  const newest = messages.at(-1);
  const endRef = useRef<HTMLDivElement>(null);
  const { mutate: mark } = markRead;

  useEffect(() => {
    if (conversation.isSuccess && viewer !== 'admin') mark({ familyId, userId: viewerId });
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [newest?.id, conversation.isSuccess, familyId, viewerId, viewer, mark]);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [sending.length]);

  // Checked here, in the press itself, so the message is on screen in the very next frame (the
  // form library's own check answers a moment later).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const text = form.getValues('body');
    if (text === '' && emptiedBySend.current) {
      event.preventDefault();
      return;
    }
    if (!messageSchema.safeParse({ body: text }).success) {
      void form.handleSubmit(() => undefined)(event);
      return;
    }
    event.preventDefault();
    const key = nextKey.current++;
    const earlier = messages.filter((m) => m.senderId === viewerId && m.body === text).map((m) => m.id);
    setOutbox((items) => [...items, { key, body: text, earlier }]);
    form.reset({ body: '' });
    emptiedBySend.current = true;
    send.mutate(
      { familyId, body: text },
      {
        onSuccess: (id) =>
          setOutbox((items) => items.map((item) => (item.key === key ? { ...item, id } : item))),
        onError: () => {
          setOutbox((items) => items.filter((item) => item.key !== key));
          // Back into the box, unless something new has been written there meanwhile.
          if (!form.getValues('body')) form.setValue('body', text);
          form.setError('body', { message: NOT_SENT });
          toast({ title: 'Not sent', description: NOT_SENT, variant: 'destructive' });
        },
      },
    );
  };

  const error = form.formState.errors.body?.message;
  const bodyField = form.register('body');
  return (
    <div className="flex flex-col gap-4">
      <p className="rounded-2xl bg-sun-100 px-4 py-3 text-sm text-ink" data-testid="safeguarding-note">
        {viewer === 'parent'
          ? 'For everyone’s safety, the Ploom team (our admins) can read this conversation and may join in. Your child does not see it.'
          : 'For safeguarding, Ploom’s admins can read this conversation and may join in; the family is told so too. The child does not see it.'}
      </p>
      <section
        aria-labelledby="messages-heading"
        className="rounded-2xl border border-brand-100 bg-white p-4"
      >
        <h2 id="messages-heading" className="sr-only">
          Messages
        </h2>
        {conversation.isPending ? (
          <p className="text-ink-muted">Loading messages…</p>
        ) : conversation.isError ? (
          <p role="alert">The messages could not be loaded. Please reload the page.</p>
        ) : messages.length === 0 && sending.length === 0 ? (
          <p className="text-ink-muted">No messages yet. Write the first one below.</p>
        ) : (
          <div
            role="log"
            aria-live="polite"
            aria-label="Messages"
            tabIndex={0}
            className="flex max-h-[60vh] flex-col gap-3 overflow-y-auto"
          >
            <ol className="flex flex-col gap-3">
              {messages.map((message) => (
                <MessageItem
                  key={message.id}
                  message={message}
                  viewer={viewer}
                  viewerId={viewerId}
                  familyLabel={familyLabel}
                />
              ))}
              {sending.map((item) => (
                <OutgoingItem key={`sending-${item.key}`} body={item.body} />
              ))}
            </ol>
            <div ref={endRef} aria-hidden="true" />
          </div>
        )}
      </section>
      <form noValidate className="flex flex-col gap-2" onSubmit={submit}>
        <label htmlFor="message-body" className="font-semibold">
          Your message
        </label>
        <Textarea
          id="message-body"
          rows={3}
          maxLength={MESSAGE_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby="message-body-help"
          {...bodyField}
          onChange={(event) => {
            emptiedBySend.current = false;
            void bodyField.onChange(event);
          }}
        />
        <p
          id="message-body-help"
          className={error ? 'text-sm font-semibold text-red-700' : 'text-sm text-ink-muted'}
        >
          {error ?? `Text only; links work. ${body.length} of ${MESSAGE_MAX_LENGTH} characters.`}
        </p>
        <div>
          <Button type="submit">Send</Button>
        </div>
      </form>
    </div>
  );
}
