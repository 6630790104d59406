import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { faqV2 } from '@/content/faq-v2';
import { FaqAccordion } from '../components/faq-section';

describe('FaqAccordion', () => {
  it('opens one answer at a time and closes the open one again', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion />);
    const first = screen.getByRole('button', { name: faqV2[0].question });
    const second = screen.getByRole('button', { name: faqV2[1].question });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(faqV2[0].answer)).not.toBeInTheDocument();

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(faqV2[0].answer)).toBeVisible();

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(faqV2[0].answer)).not.toBeInTheDocument();

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(faqV2[1].answer)).not.toBeInTheDocument();
  });
});
