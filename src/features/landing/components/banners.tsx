import { Sparkles } from 'lucide-react';

/** A thin announcement strip at the top of a page. */
export function AnnouncementBanner({ text }: { text: string }) {
  return (
    <aside aria-label="Announcement" className="bg-brand-800 px-4 py-3 text-center text-white">
      <p className="inline-flex items-center justify-center gap-2 font-display font-bold">
        <Sparkles className="h-4 w-4 shrink-0 text-sun-400" aria-hidden="true" />
        {text}
      </p>
    </aside>
  );
}
