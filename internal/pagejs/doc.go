// Package pagejs holds the JavaScript modules every page of the project
// shares, whichever server sends it: dom.js (making elements) and
// words.js (a page's words from the catalog, in the reader's language,
// numbers in that language's form). The table's LAN server and the club
// console both embed this package and serve Handler under /js/, so a page
// imports "./js/dom.js" wherever it is served and no helper is written
// twice. The modules are files, not inline scripts: pages load them
// under Content-Security-Policy script-src 'self'. Sentences is the scan
// the pages' tests share, which fails on a sentence written into a page
// instead of the catalog.
package pagejs
