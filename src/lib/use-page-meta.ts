import { useEffect } from 'react';
import { site } from '@/config/site';

/** Sets the page's title, description and Open Graph tags while it is shown. */
export function usePageMeta({
  title,
  description,
  image,
}: {
  title: string;
  description: string;
  image?: string;
}) {
  useEffect(() => {
    const fullTitle = title === site.name ? title : `${title} | ${site.name}`;
    document.title = fullTitle;
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
    set('property', 'og:title', fullTitle);
    set('property', 'og:description', description);
    set('property', 'og:type', 'website');
    set('property', 'og:url', window.location.href);
    set('property', 'og:image', new URL(image ?? '/og-image.png', window.location.origin).href);
    set('name', 'twitter:card', 'summary_large_image');
  }, [title, description, image]);
}
