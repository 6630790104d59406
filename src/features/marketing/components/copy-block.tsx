import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';

/** A labelled piece of ad copy with a copy button. */
export function CopyBlock({ label, text }: { label: string; text: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: `${label} copied` });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the text and copy it by hand.',
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="space-y-1">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-bold text-ink">{label}</p>
        <Button size="sm" variant="ghost" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
          <Copy className="h-4 w-4" aria-hidden="true" /> Copy
        </Button>
      </div>
      <p className="rounded-xl bg-brand-50 p-3 text-sm text-ink">{text}</p>
    </div>
  );
}
