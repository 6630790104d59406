import { Download } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { svgDataUrl } from '../lib/logo-svg';
import { downloadPng, downloadSvg } from '../lib/download';

export interface ArtworkProps {
  /** File name without extension. */
  name: string;
  label: string;
  svg: string;
  width: number;
  height: number;
  /** Text alternative describing the artwork. */
  alt: string;
}

/** A piece of artwork with its size and SVG / PNG downloads. */
export function ArtworkCard({ name, label, svg, width, height, alt }: ArtworkProps) {
  const src = useMemo(() => svgDataUrl(svg), [svg]);
  const png = () =>
    downloadPng(svg, width, height, `${name}.png`).catch((error: Error) =>
      toast({ title: 'Download failed', description: error.message, variant: 'destructive' }),
    );
  return (
    <figure className="flex flex-col gap-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
      <div className="overflow-hidden rounded-xl border border-brand-100 bg-brand-50">
        <img src={src} alt={alt} width={width} height={height} className="h-auto w-full" loading="lazy" />
      </div>
      <figcaption className="text-sm text-ink-muted">
        <span className="font-semibold text-ink">{label}</span> · {width} × {height} px
      </figcaption>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => downloadSvg(svg, `${name}.svg`)}
          aria-label={`Download ${label} as SVG`}
        >
          <Download className="h-4 w-4" aria-hidden="true" /> SVG
        </Button>
        <Button size="sm" variant="secondary" onClick={png} aria-label={`Download ${label} as PNG`}>
          <Download className="h-4 w-4" aria-hidden="true" /> PNG
        </Button>
      </div>
    </figure>
  );
}
