export interface WaitlistFormProps {
  source?: string;
}

/** The waitlist form (being completed). */
export function WaitlistForm({ source }: WaitlistFormProps) {
  return (
    <form className="flex flex-col gap-3" data-source={source} onSubmit={(e) => e.preventDefault()}>
      <p>Waitlist form</p>
    </form>
  );
}
