/* The two files every page loads: no inline style or script anywhere, so the pages keep a
 * Content-Security-Policy of 'self' only. */
#include "web/page.h"

/* The players' table as a list of blocks. */
#define STACKED                                                                                    \
    "table.players,table.players tbody{display:block}"                                             \
    "table.players thead{position:absolute;width:1px;height:1px;overflow:hidden;"                  \
    "clip:rect(0 0 0 0)}"                                                                          \
    "table.players tr{display:flex;flex-wrap:wrap;align-items:center;gap:0 0.7rem;"                \
    "border-bottom:1px solid var(--line);padding:0.2rem 0}"                                        \
    "table.players td{display:block;border:0;padding:0.1rem 0}"                                    \
    "table.players td.nick{flex:1 1 10rem}"                                                        \
    "table.players td[data-label]::before{content:attr(data-label) \" \";opacity:0.75;"            \
    "font-size:0.8rem}"                                                                            \
    "table.players td.awards{min-width:0}table.players td.awards:empty{display:none}"

const char web_style_css[] =
    ":root{color-scheme:light dark;--fg:#111;--bg:#fafaf7;--line:#ccc;--hi:#fff3c4}\n"
    "@media (prefers-color-scheme:dark){:root{--fg:#eee;--bg:#1b1d1f;--line:#444;"
    "--hi:#3b3520}}\n"
    "*{box-sizing:border-box}\n"
    "body{margin:0;padding:0.5rem 1rem;font:16px/1.4 system-ui,sans-serif;color:var(--fg);"
    "background:var(--bg)}\n"
    "header,footer{font-size:0.9rem}\nfooter{margin-top:2rem;opacity:0.7}\n"
    "a{color:inherit}\nh1{font-size:1.4rem;margin:0.5rem 0}\nh1 .net{font-size:0.9rem;"
    "opacity:0.7;font-weight:normal}\nh2{font-size:1.1rem;margin:1rem 0 0.3rem}\n"
    ".move{font-size:1.1rem;font-weight:bold}\n"
    ".game{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}\n"
    ".board{flex:1 1 520px;min-width:280px;max-width:900px}\n"
    ".board svg{width:100%;height:auto;display:block;border:1px solid var(--line);"
    "border-radius:6px}\n"
    ".side{flex:1 1 560px;min-width:0;overflow-x:auto;container:side/inline-size}\n"
    "table{border-collapse:collapse;width:100%;font-size:0.95rem}\n"
    "th,td{padding:0.25rem 0.3rem;border-bottom:1px solid var(--line);text-align:left}\n"
    "td.points,td.cards,td.dev,td.knights,td.road{text-align:right}\n"
    "td.awards{white-space:normal;min-width:6rem}\n"
    "tr.current{background:var(--hi);font-weight:bold}\n"
    "tr.current td:first-child{border-left:4px solid currentColor}\n"
    ".mark{vertical-align:middle}\n.away,.resigned{font-style:italic;opacity:0.8}\n"
    ".award{display:inline-block;border:1px solid currentColor;border-radius:4px;"
    "padding:0 0.3rem;font-size:0.8rem;margin:0.1rem}\n"
    ".status p{margin:0.2rem 0}\n"
    ".events{list-style:none;padding:0;margin:0}\n"
    ".events li{padding:0.15rem 0;border-bottom:1px solid var(--line)}\n"
    "abbr{text-decoration:none}\n"
    ".notice{font-style:italic}\n"
    ".board-links{font-size:0.9rem;margin:0.3rem 0}\n"
    ".status p,.events li{overflow-wrap:anywhere}\n"
    "@media (max-width:600px){body{padding:0.3rem 0.5rem}th,td{padding:0.2rem}"
    "table{font-size:0.85rem}}\n"
    /* A narrow side column (a phone, or a window too narrow for the table beside the board):
     * each player a block of its own, the numbers under their names, so no column is cut.
     * Browsers without container queries go by the screen's width. */
    "@media (max-width:600px){" STACKED "}\n"
    "@container side (max-width:560px){" STACKED "}\n";

const char web_live_js[] =
    "'use strict';\n"
    "(function () {\n"
    "  var main = document.getElementById('live');\n"
    "  if (!main || !window.fetch) return;\n"
    "  var url = main.getAttribute('data-live'), etag = null, wait = 2000;\n"
    "  function later() { setTimeout(poll, document.hidden ? 10000 : wait); }\n"
    "  function poll() {\n"
    "    var headers = etag ? { 'If-None-Match': etag } : {};\n"
    "    fetch(url, { headers: headers, cache: 'no-cache' }).then(function (r) {\n"
    "      if (r.status === 200) {\n"
    "        etag = r.headers.get('ETag');\n"
    "        wait = 2000;\n"
    "        return r.text().then(function (t) { main.innerHTML = t; later(); });\n"
    "      }\n"
    "      if (r.status === 404) {\n"
    "        var p = document.createElement('p');\n"
    "        p.className = 'notice';\n"
    "        p.textContent = 'This game is no longer running.';\n"
    "        main.appendChild(p);\n"
    "        return;\n"
    "      }\n"
    "      if (r.status !== 304) wait = Math.min(wait * 2, 30000);\n"
    "      later();\n"
    "    }).catch(function () { wait = Math.min(wait * 2, 30000); later(); });\n"
    "  }\n"
    "  later();\n"
    "})();\n";
