import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scrollToSection } from '../scroll';

describe('scrollToSection', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
    document.body.innerHTML = `
      <a id="cta" href="#contact-form">Get your free consultation</a>
      <section id="contact-form"><h2>Free consultation</h2><div class="placeholder"></div></section>
      <button id="elsewhere">Menu</button>`;
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  const section = () => document.getElementById('contact-form')!;
  const addForm = () => {
    section().querySelector('.placeholder')!.innerHTML =
      '<form><label>Your name <input id="name" /></label></form>';
  };

  it('scrolls to the section and focuses its first field', () => {
    addForm();
    expect(scrollToSection('contact-form', { focusFirstField: true })).toBe(true);
    expect(section().scrollIntoView).toHaveBeenCalled();
    expect(document.activeElement?.id).toBe('name');
  });

  it('focuses the form’s first field once the form renders, when it was not there yet', async () => {
    scrollToSection('contact-form', { focusFirstField: true });
    expect(document.activeElement).toBe(section());
    addForm();
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('name'));
  });

  it('leaves focus where the visitor moved it before the form rendered', async () => {
    scrollToSection('contact-form', { focusFirstField: true });
    document.getElementById('elsewhere')!.focus();
    addForm();
    // The form's arrival is seen (a microtask) and leaves focus alone.
    await new Promise((resolve) => setTimeout(resolve));
    expect(document.activeElement?.id).toBe('elsewhere');
  });

  it('answers false for a section the page does not have', () => {
    expect(scrollToSection('pricing')).toBe(false);
  });
});
