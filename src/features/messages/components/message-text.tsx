import { linkify } from '../lib/linkify';

/**
 * A message as its writer typed it: text (React escapes it, line breaks kept), with http(s)
 * addresses as links that open in a new tab and pass nothing on. Nothing else is interpreted.
 */
export function MessageText({ body }: { body: string }) {
  return (
    <p className="whitespace-pre-wrap break-words" data-free-text>
      {linkify(body).map((part, index) =>
        part.kind === 'link' ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="font-semibold underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
