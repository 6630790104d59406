import { Link } from '@/lib/navigation';
import { paths } from '@/config/paths';
import { messages } from '@/content/messages';
import { usePageMeta } from '@/lib/use-page-meta';

export default function NotFoundPage() {
  usePageMeta({ title: 'Page not found', description: 'This page does not exist.' });
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="font-display text-6xl font-extrabold text-brand-700">404</p>
      <h1 className="font-display text-2xl font-bold">{messages.notFound}</h1>
      <Link
        to={paths.home}
        className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
      >
        Return to Home
      </Link>
    </main>
  );
}
