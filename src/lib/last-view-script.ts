/** Where the kept views are (see ./last-view.ts). */
export const LAST_VIEW_KEY = 'ploom-last-view';
/** Views older than this are not drawn. */
export const LAST_VIEW_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The app shell's inline script (decision 217, ./last-view.ts): draws the kept view of this path
 * before the app's modules load. It reads supabase-js's stored session without knowing the
 * project's key, and draws only for the session that kept the view, while its access token is
 * good for a minute more (an ended session draws nothing). It takes itself away after 6 s
 * whatever happens, so a page whose modules never load does not stay inert.
 */
export const LAST_VIEW_SCRIPT = `try{(function(){var p=location.pathname+location.search;if(!/^\\/(admin|app|child)(\\/|\\?|$)/.test(p))return;var l=JSON.parse(localStorage.getItem(${JSON.stringify(LAST_VIEW_KEY)})||"null"),v=l&&l.views&&l.views[p];if(!v||Date.now()-v.at>${LAST_VIEW_MAX_AGE_MS})return;var s;for(var i=0;i<localStorage.length;i++){var k=localStorage.key(i);if(/^sb-.+-auth-token$/.test(k))s=JSON.parse(localStorage.getItem(k))}if(!s||!s.access_token||!(s.expires_at*1e3>Date.now()+6e4))return;var c=JSON.parse(atob(s.access_token.split(".")[1].replace(/-/g,"+").replace(/_/g,"/")));if(c.sub!==l.user||c.session_id!==l.session)return;var d=document.createElement("div"),r=document.getElementById("root"),h=document.documentElement;d.id="last-view";d.setAttribute("inert","");d.setAttribute("aria-hidden","true");d.innerHTML=v.html;r.parentNode.insertBefore(d,r);h.setAttribute("data-last-view","");setTimeout(function(){d.remove();h.removeAttribute("data-last-view")},6e3)})()}catch(e){}`;
