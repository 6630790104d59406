import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, Dialog } from '../dialog';

/** A screen that opens a dialog from its own button and unmounts it when it closes. */
function Screen({ onConfirm = () => {} }: { onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Pause
      </button>
      {open ? (
        <ConfirmDialog
          open
          onOpenChange={setOpen}
          title="Pause the plan?"
          description="No charge while paused."
          confirmLabel="Pause the plan"
          onConfirm={() => {
            onConfirm();
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}

describe('Dialog', () => {
  it('is named by its title, described by its description, and closes on Escape', async () => {
    const onOpenChange = vi.fn();
    render(
      <Dialog open onOpenChange={onOpenChange} title="Book a session" description="Pick a time.">
        <input aria-label="When" />
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Book a session' });
    expect(dialog).toHaveAccessibleDescription('Pick a time.');
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('keeps the focus inside while open', async () => {
    render(
      <>
        <button type="button">Behind</button>
        <Dialog open onOpenChange={() => {}} title="Book a session" description="Pick a time.">
          <input aria-label="When" />
        </Dialog>
      </>,
    );
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 4; i++) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });
});

describe('ConfirmDialog', () => {
  it('gives the focus back to its opener when the screen unmounts it (Escape)', async () => {
    render(<Screen />);
    const opener = screen.getByRole('button', { name: 'Pause' });
    await userEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'Pause the plan?' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('confirms with its button, and the focus goes back to the opener', async () => {
    const onConfirm = vi.fn();
    render(<Screen onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Pause' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Pause the plan' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('"Not now" closes it without confirming', async () => {
    const onConfirm = vi.fn();
    render(<Screen onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
