import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the native <dialog> element: focus moves into it and stays there, Escape
 * closes it, the page behind is inert, and focus returns to what opened it.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  description,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      className="w-[min(32rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 text-ink shadow-xl backdrop:bg-ink/40"
    >
      {open ? (
        <>
          <h2 id={titleId} className="font-display text-xl font-extrabold">
            {title}
          </h2>
          {description ? (
            <div id={descriptionId} className="mt-2 text-ink-muted">
              {description}
            </div>
          ) : null}
          <div className="mt-5">{children}</div>
        </>
      ) : null}
    </dialog>
  );
}
