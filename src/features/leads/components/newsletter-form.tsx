export interface NewsletterFormProps {
  source?: string;
}

/** Newsletter sign-up form (being completed). */
export function NewsletterForm({ source }: NewsletterFormProps) {
  return (
    <form className="flex flex-col gap-3" data-source={source} onSubmit={(e) => e.preventDefault()}>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        Email
        <input type="email" required className="min-h-[44px] rounded-lg border px-3" />
      </label>
      <button type="submit" className="min-h-[44px] rounded-full bg-brand-700 px-6 font-bold text-white">
        Subscribe
      </button>
    </form>
  );
}
