import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiContext } from '../api.ts';
import { handleCheckoutPage } from './checkout.ts';
import { notFound, page, sendHtml } from './html.ts';
import { sendInvoicePage, sendInvoicePdf } from './invoice.ts';
import { handlePortalPage } from './portal.ts';

/** The stand-in's own pages, the ones Stripe serves from its hosted domains. */
function bodyReader(req: IncomingMessage) {
  return () =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > 64 * 1024) {
          req.destroy();
          reject(new Error('form too large'));
        } else chunks.push(chunk);
      });
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });
}

export async function handlePage(req: IncomingMessage, res: ServerResponse, url: URL, context: ApiContext) {
  const path = url.pathname;
  let found: RegExpExecArray | null;
  if ((found = /^\/c\/pay\/([^/]+)$/.exec(path))) {
    return handleCheckoutPage(req, res, decodeURIComponent(found[1]), context, bodyReader(req));
  }
  if ((found = /^\/p\/session\/([^/]+)$/.exec(path))) {
    return handlePortalPage(req, res, decodeURIComponent(found[1]), context, bodyReader(req));
  }
  if ((found = /^\/invoice\/([^/]+)\/pdf$/.exec(path)))
    return sendInvoicePdf(res, decodeURIComponent(found[1]), context);
  if ((found = /^\/invoice\/([^/]+)$/.exec(path)))
    return sendInvoicePage(res, decodeURIComponent(found[1]), context);
  if (path === '/' || path === '/health') {
    return sendHtml(
      res,
      200,
      page(
        'Local Stripe stand-in',
        "<section><h1>Local Stripe stand-in</h1><p>Stripe's API is served under <code>/v1</code>.</p></section>",
      ),
    );
  }
  return notFound(res, 'Nothing is served at this address.');
}
