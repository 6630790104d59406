/** Where the kept views are (see ./last-view.ts). */
export const LAST_VIEW_KEY = 'ploom-last-view';
/** Views older than this are not drawn. */
export const LAST_VIEW_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The app shell's first inline script, in its head (decision 217, ./last-view.ts), in place of the
 * entry's script tag. It decides from storage alone whether this page draws a kept view: the path
 * is in a signed-in area, a view of it is kept and less than a day old, and supabase-js's stored
 * session (read without knowing the project's key) is the person's and the sign-in session's that
 * kept it, with an access token good for a minute more (an ended session draws nothing).
 *
 * Then it starts the app's code: at once when there is no view; otherwise once the view has
 * painted (first-contentful-paint, or 1 s at most), so the view's paint shares the network with
 * nothing but the page's stylesheet. What else waits for that moment (the screen's preloads) is
 * given to `window.__ploomAfterView`.
 */
export const lastViewStartScript = (entry: string): string =>
  [
    '(function(){var w=window,d=document,q=[],go=false,v;',
    'try{var p=location.pathname+location.search;',
    'if(/^\\/(admin|app|child)(\\/|\\?|$)/.test(p)){',
    `var l=JSON.parse(localStorage.getItem(${JSON.stringify(LAST_VIEW_KEY)})||"null"),k,s,i,c,e=l&&l.views&&l.views[p];`,
    `if(e&&Date.now()-e.at<${LAST_VIEW_MAX_AGE_MS}){`,
    'for(i=0;i<localStorage.length;i++){k=localStorage.key(i);if(/^sb-.+-auth-token$/.test(k))s=JSON.parse(localStorage.getItem(k))}',
    'if(s&&s.access_token&&s.expires_at*1e3>Date.now()+6e4){',
    'c=JSON.parse(atob(s.access_token.split(".")[1].replace(/-/g,"+").replace(/_/g,"/")));',
    'if(c.sub===l.user&&c.session_id===l.session)v=e.html}}}}catch(x){}',
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
 */
export const LAST_VIEW_DRAW_SCRIPT =
  'try{(function(){var v=window.__ploomLastView;if(!v)return;' +
  'var d=document.createElement("div"),r=document.getElementById("root"),h=document.documentElement;' +
  'd.id="last-view";d.setAttribute("inert","");d.setAttribute("aria-hidden","true");d.innerHTML=v;' +
  'r.parentNode.insertBefore(d,r);h.setAttribute("data-last-view","");' +
  'setTimeout(function(){d.remove();h.removeAttribute("data-last-view")},6e3)})()}catch(x){}';
