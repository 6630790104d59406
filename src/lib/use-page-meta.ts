import { useEffect } from 'react';
import { site } from '@/config/site';

export interface PageMeta {
  title: string;
  description: string;
  image?: string;
}

let serverSink: ((meta: PageMeta) => void) | undefined;

/** The prerender's hook: receives the meta of the page being rendered (build time only). */
export function collectPageMeta(sink: ((meta: PageMeta) => void) | undefined) {
  serverSink = sink;
}

/** The document title for a page title ("Ploom" alone, or "Page | Ploom"). */
export function fullTitle(title: string): string {
  return title === site.name ? title : `${title} | ${site.name}`;
}

/** Sets the page's title, description and Open Graph tags while it is shown. */
export function usePageMeta({ title, description, image }: PageMeta) {
  // At build time the prerender writes these into the page's <head>.
  if (import.meta.env.SSR) serverSink?.({ title, description, image });
  useEffect(() => {
    const documentTitle = fullTitle(title);
    document.title = documentTitle;
    const set = (attr: 'name' | 'property', key: string, value: string) => {
      let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
      if (!tag) {
        tag = document.createElement('meta');
        tag.setAttribute(attr, key);
        document.head.appendChild(tag);
      }
      tag.content = value;
    };
    set('name', 'description', description);
    set('property', 'og:title', documentTitle);
    set('property', 'og:description', description);
    set('property', 'og:type', 'website');
    set('property', 'og:url', window.location.href);
    set('property', 'og:image', new URL(image ?? '/og-image.png', window.location.origin).href);
    set('name', 'twitter:card', 'summary_large_image');
  }, [title, description, image]);
}
