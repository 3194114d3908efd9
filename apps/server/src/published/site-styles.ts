/**
 * The one stylesheet of published sites and reviews: system fonts, a light and a dark theme
 * (the reader's system setting, or the toggle's choice in `data-theme`), a sidebar that folds
 * under the content on narrow screens, and tabs that switch without scripts (radio buttons).
 */
export const SITE_CSS = `
:root{color-scheme:light;--bg:#fff;--fg:#1f2328;--muted:#57606a;--line:#d0d7de;--soft:#f6f8fa;--link:#0b57d0;--accent:#0b57d0;
--info:#ddf4ff;--info-line:#0969da;--warning:#fff8c5;--warning-line:#9a6700;--danger:#ffebe9;--danger-line:#cf222e;--success:#dafbe1;--success-line:#1a7f37;--orange:#bc4c00;--purple:#8250df;
--font:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
:root[data-theme=dark]{color-scheme:dark;--bg:#0d1117;--fg:#e6edf3;--muted:#9da7b3;--line:#30363d;--soft:#161b22;--link:#79b8ff;--accent:#79b8ff;
--info:#0c2d6b;--info-line:#58a6ff;--warning:#3b2e00;--warning-line:#d29922;--danger:#490202;--danger-line:#f85149;--success:#04260f;--success-line:#3fb950;--orange:#ffa657;--purple:#d2a8ff}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){color-scheme:dark;--bg:#0d1117;--fg:#e6edf3;--muted:#9da7b3;--line:#30363d;--soft:#161b22;--link:#79b8ff;--accent:#79b8ff;
--info:#0c2d6b;--info-line:#58a6ff;--warning:#3b2e00;--warning-line:#d29922;--danger:#490202;--danger-line:#f85149;--success:#04260f;--success-line:#3fb950;--orange:#ffa657;--purple:#d2a8ff}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 var(--font)}
a{color:var(--link)}a:focus-visible,summary:focus-visible,label:focus-visible,button:focus-visible,input:focus-visible+label,pre:focus-visible,[tabindex]:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.ds-skip{position:absolute;left:-999px;top:0;background:var(--bg);padding:.5rem 1rem;z-index:2}.ds-skip:focus{left:0}
.ds-header{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;padding:.75rem 1.5rem;border-bottom:1px solid var(--line)}
.ds-site-title{font-weight:700;font-size:1.15rem;color:var(--fg);text-decoration:none}
.ds-sections ul,.ds-variants ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;margin:0;padding:0}
.ds-sections a[aria-current],.ds-variants a[aria-current]{font-weight:700;color:var(--fg)}
.ds-group-title{color:var(--muted);font-size:.85rem}
.ds-search{margin-left:auto;display:flex;gap:.25rem}
.ds-search input{font:inherit;padding:.3rem .5rem;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg);min-width:12rem}
button,.ds-search button{font:inherit;padding:.3rem .7rem;border:1px solid var(--line);border-radius:6px;background:var(--soft);color:var(--fg);cursor:pointer}
.ds-layout{display:grid;grid-template-columns:16rem minmax(0,1fr) 14rem;gap:2rem;max-width:84rem;margin:0 auto;padding:1.5rem}
.ds-nav ul{list-style:none;margin:0;padding-left:.9rem}.ds-nav>ul{padding:0}
.ds-nav li{margin:.15rem 0}.ds-nav a{text-decoration:none;color:var(--fg)}.ds-nav a:hover{text-decoration:underline}
.ds-nav a[aria-current=page]{color:var(--link);font-weight:600}
.ds-nav .ds-nav-group{margin-top:1rem;font-weight:600;color:var(--muted);font-size:.85rem;text-transform:uppercase;letter-spacing:.03em}
.ds-variants{margin-bottom:1rem}
.ds-outline{font-size:.9rem}.ds-outline ul{list-style:none;padding:0;margin:0}.ds-outline .ds-level-2{padding-left:.8rem}.ds-outline .ds-level-3{padding-left:1.6rem}
.ds-outline h2{font-size:.85rem;text-transform:uppercase;color:var(--muted)}
main h1{font-size:2rem;line-height:1.25;margin:0 0 .5rem}.ds-lead{color:var(--muted);font-size:1.1rem;margin-top:0}
main h2,main h3,main h4{line-height:1.3;margin:2rem 0 .75rem}
.ds-anchor{margin-left:.4rem;color:var(--muted);text-decoration:none;opacity:.4}h2:hover .ds-anchor,h3:hover .ds-anchor,h4:hover .ds-anchor,.ds-anchor:focus{opacity:1}
code,kbd,pre{font-family:var(--mono);font-size:.9em}
:not(pre)>code{background:var(--soft);border:1px solid var(--line);border-radius:4px;padding:0 .25rem}
kbd{border:1px solid var(--line);border-bottom-width:2px;border-radius:4px;padding:0 .3rem}
.ds-code{margin:1rem 0;border:1px solid var(--line);border-radius:8px;overflow:hidden}
.ds-code figcaption{padding:.35rem .75rem;border-bottom:1px solid var(--line);background:var(--soft);font-size:.85rem;font-family:var(--mono)}
.ds-code pre{margin:0;padding:.75rem;overflow:auto;background:var(--soft)}
.ds-wrap pre{white-space:pre-wrap}.ds-line{display:inline}
.ds-line-numbers code{counter-reset:line}.ds-line-numbers .ds-line::before{counter-increment:line;content:counter(line);display:inline-block;width:2.5em;margin-right:1em;text-align:right;color:var(--muted);user-select:none}
.ds-highlighted{background:color-mix(in srgb,var(--accent) 18%,transparent)}
.ds-hint{border-left:4px solid var(--info-line);background:var(--info);padding:.25rem 1rem;border-radius:6px;margin:1rem 0}
.ds-hint-warning{border-color:var(--warning-line);background:var(--warning)}.ds-hint-danger{border-color:var(--danger-line);background:var(--danger)}.ds-hint-success{border-color:var(--success-line);background:var(--success)}
.ds-tabs{display:flex;flex-wrap:wrap;border:1px solid var(--line);border-radius:8px;margin:1rem 0}
.ds-tab-input{position:absolute;opacity:0;width:1px;height:1px}
.ds-tab-label{padding:.5rem 1rem;cursor:pointer;border-bottom:2px solid transparent;color:var(--muted)}
.ds-tab-input:checked+.ds-tab-label{border-color:var(--accent);color:var(--fg);font-weight:600}
.ds-tab-panel{display:none;order:1;width:100%;padding:0 1rem;border-top:1px solid var(--line)}
.ds-tab-input:checked+.ds-tab-label+.ds-tab-panel{display:block}
.ds-expandable{border:1px solid var(--line);border-radius:8px;padding:.5rem 1rem;margin:1rem 0}.ds-expandable summary{cursor:pointer;font-weight:600}
.ds-stepper{list-style:none;counter-reset:step;padding:0}.ds-step{counter-increment:step;position:relative;padding-left:2.75rem;border-left:2px solid var(--line);margin-left:1rem}
.ds-step::before{content:counter(step);position:absolute;left:-1rem;top:1.9rem;width:2rem;height:2rem;border-radius:50%;background:var(--accent);color:var(--bg);display:grid;place-items:center;font-weight:700}
.ds-table{overflow:auto;margin:1rem 0}table{border-collapse:collapse;width:100%}th,td{border:1px solid var(--line);padding:.4rem .6rem;vertical-align:top}th{background:var(--soft);text-align:left}td>p{margin:0}
.ds-cards{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:1rem}
.ds-card{border:1px solid var(--line);border-radius:8px;overflow:hidden}.ds-card img{width:100%;display:block}.ds-card-body{padding:.5rem 1rem}.ds-card-link{color:inherit;text-decoration:none;display:block}
.ds-image{margin:1rem 0;text-align:center}.ds-image img{max-width:100%;height:auto}.ds-image figcaption{color:var(--muted);font-size:.9rem}
.ds-embed{border:1px solid var(--line);border-radius:8px;padding:.75rem 1rem;margin:1rem 0}.ds-embed figcaption{color:var(--muted)}
.ds-math-block{overflow:auto;margin:1rem 0;text-align:center}
.ds-openapi{border:1px solid var(--line);border-radius:8px;padding:0 1rem;margin:1rem 0}
.ds-method{font-weight:700;font-family:var(--mono);padding:.1rem .4rem;border-radius:4px;background:var(--soft)}
.ds-method-get{color:var(--success-line)}.ds-method-post{color:var(--info-line)}.ds-method-delete{color:var(--danger-line)}.ds-method-put,.ds-method-patch{color:var(--warning-line)}
.ds-columns{display:flex;flex-wrap:wrap;gap:1.5rem}.ds-column{flex:1 1 14rem}
.ds-content-ref a{display:block;border:1px solid var(--line);border-radius:8px;padding:.75rem 1rem}
.ds-button{display:inline-block;padding:.3rem .8rem;border-radius:6px;border:1px solid var(--accent);text-decoration:none}.ds-button-primary{background:var(--accent);color:var(--bg)}
.ds-tasks{list-style:none;padding-left:.5rem}.ds-tasks li{display:flex;gap:.5rem;align-items:baseline}.ds-tasks p{margin:0}
.ds-unresolved{color:var(--danger-line);text-decoration:underline dotted}
.ds-tag{display:inline-block;border:1px solid var(--line);border-radius:999px;padding:0 .5rem;margin-right:.25rem;font-size:.85rem}
.ds-color-orange{color:var(--orange)}.ds-color-red{color:var(--danger-line)}.ds-color-green{color:var(--success-line)}.ds-color-blue,.ds-color-primary,.ds-color-info{color:var(--info-line)}.ds-color-purple{color:var(--purple)}.ds-color-yellow,.ds-color-warning{color:var(--warning-line)}
.ds-bg-yellow{background:var(--warning)}.ds-bg-red{background:var(--danger)}.ds-bg-green{background:var(--success)}.ds-bg-blue{background:var(--info)}
.ds-footnotes{border-top:1px solid var(--line);margin-top:2rem;font-size:.9rem}
.ds-pager{display:flex;justify-content:space-between;gap:1rem;margin-top:3rem;border-top:1px solid var(--line);padding-top:1rem}
.ds-pager a{display:block;border:1px solid var(--line);border-radius:8px;padding:.5rem 1rem;text-decoration:none;max-width:48%}.ds-pager .ds-next{margin-left:auto;text-align:right}
.ds-pager small{display:block;color:var(--muted)}
.ds-results{list-style:none;padding:0}.ds-results li{margin:1rem 0}.ds-results p{margin:.25rem 0;color:var(--muted)}
.ds-diff-added,.ds-diff-removed{display:block;border-left:4px solid var(--success-line);background:color-mix(in srgb,var(--success) 60%,transparent);padding:.1rem 1rem;margin:.5rem 0;text-decoration:none}
.ds-diff-removed{border-color:var(--danger-line);background:color-mix(in srgb,var(--danger) 60%,transparent)}.ds-diff-removed>*{text-decoration:line-through}
.ds-diff-added::before,.ds-diff-removed::before{display:block;font-size:.8rem;font-weight:600;color:var(--muted);content:"Added"}.ds-diff-removed::before{content:"Removed"}
ins{background:var(--success);text-decoration:none}del{background:var(--danger)}
.ds-status{display:inline-block;border-radius:999px;padding:0 .6rem;background:var(--soft);border:1px solid var(--line)}
.ds-theme{margin-left:.5rem}
@media (max-width:64rem){.ds-layout{grid-template-columns:minmax(0,1fr)}.ds-outline{display:none}.ds-nav{order:2;border-top:1px solid var(--line);padding-top:1rem}}
`;

/**
 * The one script: a theme toggle (remembered in local storage) and `/` to focus the search box.
 * Pages work without it.
 */
export const SITE_JS = `(function(){
var root=document.documentElement;var saved=null;try{saved=localStorage.getItem('ds-theme')}catch(e){}
if(saved==='dark'||saved==='light')root.setAttribute('data-theme',saved);
document.addEventListener('DOMContentLoaded',function(){
var header=document.querySelector('.ds-header');if(header){var b=document.createElement('button');b.type='button';b.className='ds-theme';
var dark=function(){var t=root.getAttribute('data-theme');return t?t==='dark':matchMedia('(prefers-color-scheme: dark)').matches};
var label=function(){b.textContent=dark()?'Light theme':'Dark theme';b.setAttribute('aria-pressed',String(dark()))};label();
b.addEventListener('click',function(){var next=dark()?'light':'dark';root.setAttribute('data-theme',next);try{localStorage.setItem('ds-theme',next)}catch(e){}label()});header.appendChild(b)}
document.addEventListener('keydown',function(e){var q=document.querySelector('.ds-search input');if(e.key==='/'&&q&&document.activeElement!==q&&!(e.target instanceof HTMLInputElement)){e.preventDefault();q.focus()}})})})();
`;
