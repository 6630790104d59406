import { downloadBlob } from '@/lib/download';
import { svgDataUrl } from './logo-svg';

export function downloadSvg(svg: string, filename: string) {
  downloadBlob(new Blob([svg], { type: 'image/svg+xml' }), filename);
}

/** Draws the SVG onto a canvas at its own pixel size and downloads it as PNG. */
export async function downloadPng(svg: string, width: number, height: number, filename: string) {
  const image = new Image();
  image.width = width;
  image.height = height;
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('The image could not be drawn.'));
    image.src = svgDataUrl(svg);
  });
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images.');
  context.drawImage(image, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The PNG could not be created.');
  downloadBlob(blob, filename);
}
