export interface ContactFormV2Props {
  landingPath?: string;
}

/** The /coaching-v2 contact form (being completed). */
export function ContactFormV2({ landingPath }: ContactFormV2Props) {
  return (
    <form className="flex flex-col gap-3" data-landing-path={landingPath} onSubmit={(e) => e.preventDefault()}>
      <p>Contact form</p>
    </form>
  );
}
