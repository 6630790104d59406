import { useEffect } from 'react';

/** Asks search engines not to index the page while it is shown (internal pages). */
export function useNoIndex() {
  useEffect(() => {
    const tag = document.createElement('meta');
    tag.name = 'robots';
    tag.content = 'noindex';
    document.head.appendChild(tag);
    return () => tag.remove();
  }, []);
}
