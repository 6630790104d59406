import type { ServerResponse } from 'node:http';

/** The stand-in's pages share one plain, accessible layout (a test-mode banner on each). */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export const money = (cents: number, currency = 'usd') =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

export const day = (unix: number) =>
  new Date(unix * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#f6f8fa}
.banner{background:#8a4b00;color:#fff;text-align:center;font-size:14px;padding:4px}
main{max-width:920px;margin:32px auto;padding:0 20px;display:grid;gap:32px;grid-template-columns:repeat(auto-fit,minmax(300px,1fr))}
section{background:#fff;border:1px solid #d8dee4;border-radius:8px;padding:24px}
h1{font-size:24px;margin:0 0 8px}h2{font-size:18px;margin:0 0 12px}
.amount{font-size:32px;font-weight:700}.muted{color:#4f566b}
label{display:block;font-weight:600;margin:12px 0 4px}
input{width:100%;padding:10px;border:1px solid #8792a2;border-radius:6px;font:inherit}
input[aria-invalid=true]{border-color:#b3093c}
.row{display:flex;gap:12px}.row>div{flex:1}
button,.button{display:inline-block;margin-top:20px;width:100%;padding:12px;border:0;border-radius:6px;background:#3d3fa8;color:#fff;font:inherit;font-weight:600;cursor:pointer;text-align:center;text-decoration:none}
.error{margin-top:16px;padding:10px;border-radius:6px;background:#fde8ec;color:#8a0c2e;border:1px solid #b3093c}
.ok{margin-top:16px;padding:10px;border-radius:6px;background:#e6f4ea;color:#0b5c2a;border:1px solid #0b5c2a}
table{width:100%;border-collapse:collapse}td,th{padding:6px 0;text-align:left}td.r,th.r{text-align:right}
a{color:#3d3fa8}details{margin-top:16px;font-size:14px}code{font-size:14px}
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><div class="banner" role="note">Test mode: the local Stripe stand-in. No real card is charged.</div>
<main>${body}</main></body></html>`;
}

export function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': String(Buffer.byteLength(html)),
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { Location: location, 'Cache-Control': 'no-store' });
  res.end();
}

export function notFound(res: ServerResponse, what: string) {
  sendHtml(res, 404, page('Not found', `<section><h1>Not found</h1><p>${escapeHtml(what)}</p></section>`));
}

export const TEST_CARDS_HELP = `<details><summary>Test cards</summary><ul>
<li><code>4242 4242 4242 4242</code>: succeeds</li>
<li><code>4000 0000 0000 0002</code>: declined</li>
<li><code>4000 0000 0000 0341</code>: saved, but charges fail</li>
<li><code>4000 0000 0000 9995</code>: insufficient funds</li>
</ul><p>Any future expiry date (e.g. 12 / 34) and any 3-digit CVC.</p></details>`;
