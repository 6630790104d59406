import { Clock, Mail, Phone } from 'lucide-react';
import { PublicLayout } from '@/app/components/public-layout';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { contactPage } from '@/content/pages';
import { usePageMeta } from '@/lib/use-page-meta';
import { ContactForm } from '@/features/lead-forms/components/contact-form';
import { PageHeader } from '@/features/marketing/components/page-header';

export default function ContactPage() {
  usePageMeta({
    title: 'Contact us',
    description: `Questions about ${site.name} coaching? Send us a message: we reply within ${site.replyWithinHours} hours.`,
  });
  return (
    <PublicLayout>
      <main id="main">
        <PageHeader width="medium" eyebrow="Contact" title={contactPage.title}>
          <p>{contactPage.intro}</p>
        </PageHeader>
        <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_20rem]">
          <section
            aria-labelledby="form-title"
            className="rounded-3xl border border-brand-100 bg-white p-6 shadow-sm sm:p-8"
          >
            <h2 id="form-title" className="mb-6 font-display text-2xl font-extrabold text-ink">
              Send us a message
            </h2>
            <ContactForm />
          </section>
          <aside aria-labelledby="other-ways-title" className="space-y-6">
            <h2 id="other-ways-title" className="font-display text-xl font-extrabold text-ink">
              Other ways to reach us
            </h2>
            <ul className="space-y-4 text-ink-muted">
              <li className="flex gap-3">
                <Mail className="mt-1 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                <span>
                  Email{' '}
                  <a
                    href={`mailto:${site.contactEmail}`}
                    className="font-semibold text-brand-800 underline underline-offset-4"
                  >
                    {site.contactEmail}
                  </a>
                </span>
              </li>
              <li className="flex gap-3">
                <Clock className="mt-1 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                <span>We reply within {site.replyWithinHours} hours, every day of the week.</span>
              </li>
              <li className="flex gap-3">
                <Phone className="mt-1 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                <span>Prefer to talk? Book a free {site.introCallMinutes}-minute intro call.</span>
              </li>
            </ul>
            <ButtonLink to={paths.requestFitCall} variant="secondary" fullWidth>
              Book a free intro call
            </ButtonLink>
            <p className="rounded-2xl bg-sun-100 p-4 text-sm text-ink">{contactPage.urgent}</p>
          </aside>
        </div>
      </main>
    </PublicLayout>
  );
}
