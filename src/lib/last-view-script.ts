/** Where the kept views are (see ./last-view.ts). */
export const LAST_VIEW_KEY = 'ploom-last-view';
/** Views older than this are not drawn. */
export const LAST_VIEW_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Forgets every kept view: the session that kept them has ended (a sign-out, an expiry supabase-js
 * could not refresh, a session ended elsewhere), or another person took over. Here, beside the key,
 * so the auth provider every page carries can call it without the areas' code.
 */
export function dropLastViews(): void {
  try {
    window.localStorage.removeItem(LAST_VIEW_KEY);
  } catch {
    // storage refused: nothing was kept
  }
}

/**
 * The app shell's first inline script, in its head (decision 217, ./last-view.ts), in place of the
 * entry's script tag. From storage alone, on any page the shell serves:
 *
 * - it forgets the kept views when supabase-js holds no session, or one of another person or
 *   another sign-in session (the access token's `sub` and `session_id`; a token merely past its
 *   expiry still names its session, which supabase-js refreshes, so it keeps them);
 * - it draws one when the path is in a signed-in area, a view of it is kept and less than a day
 *   old, and the session's access token is good for a minute more.
 *
 * Then it starts the app's code: at once when there is no view; otherwise once the view has
 * painted (first-contentful-paint, or 1 s at most), so the view's paint shares the network with
 * nothing but the page's stylesheet. What else waits for that moment (the screen's preloads) is
 * given to `window.__ploomAfterView`.
 */
export const lastViewStartScript = (entry: string): string =>
  [
    '(function(){var w=window,d=document,q=[],go=false,v;',
    `try{var p=location.pathname+location.search,K=${JSON.stringify(LAST_VIEW_KEY)},`,
    'l=JSON.parse(localStorage.getItem(K)||"null"),k,s,i,c,e;',
    'if(l){for(i=0;i<localStorage.length;i++){k=localStorage.key(i);if(/^sb-.+-auth-token$/.test(k))s=JSON.parse(localStorage.getItem(k))}',
    'try{c=JSON.parse(atob(s.access_token.split(".")[1].replace(/-/g,"+").replace(/_/g,"/")))}catch(x){}',
    'if(!c||c.sub!==l.user||c.session_id!==l.session)localStorage.removeItem(K);',
    'else if(/^\\/(admin|app|child)(\\/|\\?|$)/.test(p)&&(e=l.views&&l.views[p])',
    `&&Date.now()-e.at<${LAST_VIEW_MAX_AGE_MS}&&s.expires_at*1e3>Date.now()+6e4)v=e.html}}catch(x){}`,
    'w.__ploomLastView=v;',
    'function start(){if(go)return;go=true;',
    `var t=d.createElement("script");t.type="module";t.crossOrigin="";t.src=${JSON.stringify(entry)};d.head.appendChild(t);`,
    'q.forEach(function(f){setTimeout(f)})}',
    'w.__ploomAfterView=function(f){go?setTimeout(f):q.push(f)};',
    'if(!v)return start();',
    'try{new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)setTimeout(start,0)})',
    '.observe({type:"paint",buffered:true})}catch(x){start()}',
    'setTimeout(start,1000)})()',
  ].join('');

/**
 * The app shell's inline script right after its root: draws the view the head script chose, as
 * `#last-view` before the root, inert and hidden from assistive technology, with the root hidden
 * under it (index.css). It takes the view away after 6 s whatever happens, so a page whose modules
 * never load does not stay inert.
 *
 * The kept HTML is never given to `innerHTML`: a string that parses one way when kept and another
 * when drawn (mutation XSS) could then run. It is parsed by DOMParser into an inert document (no
 * script runs, nothing loads), and what is inserted is that very tree, checked node by node:
 *
 * - text stays; comments and other nodes go;
 * - elements that run, load, restyle or reinterpret content go with their content (LAST_VIEW_DROPPED),
 *   and every foreign element (MathML, and SVG but for the shapes and labels of the app's icons and
 *   charts);
 * - attributes not in LAST_VIEW_ATTRIBUTES go; `href` stays only for a same-origin path, a
 *   fragment or https; `src` only for a same-origin path; `style` only as a bar's width;
 * - an element marked `data-free-text` keeps none of its content (./last-view.ts withholds it
 *   already; this holds even for a view written by something else).
 *
 * Then the checked nodes are moved into the page: never serialized and parsed again.
 */
export const LAST_VIEW_DROPPED =
  'script|style|link|meta|base|title|template|noscript|noembed|noframes|iframe|frame|frameset|object|embed|applet|param|portal|xmp|plaintext|listing|audio|video|source|track';
const SVG_SHAPES = 'svg|g|path|circle|ellipse|rect|line|polyline|polygon|text';
export const LAST_VIEW_ATTRIBUTES =
  'class|role|aria-[a-z-]+|data-[a-z0-9-]+|alt|title|type|disabled|hidden|checked|selected|open|placeholder|colspan|rowspan|width|height|viewbox|fill|stroke|stroke-width|stroke-linecap|stroke-linejoin|text-anchor|font-size|font-weight|d|cx|cy|r|rx|ry|x|y|x1|x2|y1|y2|points';
/** A same-origin path (not `//host`, nor `/\host`), with no space or backslash anywhere. */
const SAME_ORIGIN_PATH = '\\/(?![\\/\\\\])[^\\s\\\\]*';

export const LAST_VIEW_DRAW_SCRIPT =
  'try{(function(){var v=window.__ploomLastView;if(!v)return;' +
  'var w=document,d=w.createElement("div"),r=w.getElementById("root"),h=w.documentElement,' +
  'b=new DOMParser().parseFromString(v,"text/html").body,' +
  `X=/^(${LAST_VIEW_DROPPED})$/,G=/^(${SVG_SHAPES})$/,A=/^(${LAST_VIEW_ATTRIBUTES})$/,` +
  `U=/^(#|https:|${SAME_ORIGIN_PATH}$)/,P=/^${SAME_ORIGIN_PATH}$/,W=/^width: ?[\\d.]+%;?$/;` +
  'function c(p){for(var n=p.firstChild,x,a,i,m,t;n;n=x){x=n.nextSibling;if(n.nodeType==3)continue;' +
  'if(n.nodeType!=1||(n.namespaceURI=="http://www.w3.org/1999/xhtml"?X.test(n.localName):' +
  'n.namespaceURI!="http://www.w3.org/2000/svg"||!G.test(n.localName))){p.removeChild(n);continue}' +
  'for(a=n.attributes,i=a.length;i--;){m=a[i].name.toLowerCase();t=a[i].value;' +
  'if(!(A.test(m)||m=="href"&&U.test(t)&&!/[\\s\\\\]/.test(t)||m=="src"&&P.test(t)||m=="style"&&W.test(t)))n.removeAttributeNode(a[i])}' +
  'n.hasAttribute("data-free-text")?n.textContent="":c(n)}}' +
  'c(b);while(b.firstChild)d.appendChild(b.firstChild);' +
  'd.id="last-view";d.setAttribute("inert","");d.setAttribute("aria-hidden","true");' +
  'r.parentNode.insertBefore(d,r);h.setAttribute("data-last-view","");' +
  'setTimeout(function(){d.remove();h.removeAttribute("data-last-view")},6e3)})()}catch(x){}';
