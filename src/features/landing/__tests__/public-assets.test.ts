import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { footerExploreLinks, footerLegalLinks } from '@/content/nav';
import { variants } from '@/content/variants';
import robots from '../../../../public/robots.txt?raw';
import sitemap from '../../../../public/sitemap.xml?raw';

const sitemapPaths = [...sitemap.matchAll(/<loc>https:\/\/ploom\.family([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('sitemap.xml and robots.txt', () => {
  it('lists only real routes, each once', () => {
    const known = new Set(Object.values(paths).filter((p) => typeof p === 'string'));
    for (const path of sitemapPaths) expect(known).toContain(path);
    expect(new Set(sitemapPaths).size).toBe(sitemapPaths.length);
  });

  it('lists every landing variant and every page the footer links to', () => {
    for (const variant of Object.values(variants)) expect(sitemapPaths).toContain(variant.path);
    for (const link of [...footerLegalLinks, ...footerExploreLinks]) expect(sitemapPaths).toContain(link.to);
    expect(sitemapPaths).toContain(paths.coaches);
  });

  it('points crawlers at the sitemap and keeps private areas out', () => {
    expect(robots).toContain('Sitemap: https://ploom.family/sitemap.xml');
    for (const area of [paths.admin, paths.app, '/child']) expect(robots).toContain(`Disallow: ${area}`);
  });
});
