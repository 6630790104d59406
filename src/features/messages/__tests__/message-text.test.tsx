import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageText } from '../components/message-text';

describe('MessageText', () => {
  it('shows HTML and markdown as the text they are, and http(s) addresses as safe links', () => {
    const { container } = render(
      <MessageText body={'<b>bold?</b> **no** <img src=x onerror=alert(1)> see https://example.com/a.'} />,
    );
    expect(container.querySelector('b, img, strong')).toBeNull();
    expect(container.textContent).toBe(
      '<b>bold?</b> **no** <img src=x onerror=alert(1)> see https://example.com/a.',
    );
    const link = screen.getByRole('link', { name: 'https://example.com/a' });
    expect(link).toHaveAttribute('href', 'https://example.com/a');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('makes no link of another scheme', () => {
    render(<MessageText body="javascript:alert(1) and data:text/html,hi" />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
