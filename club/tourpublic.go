package club

import (
	"io/fs"
	"net/http"
	"strings"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/internal/pagejs"
)

// publicPages are the console's pages a player may open: the standings,
// where do I sit, the seating for the wall, and what they share.
var publicPages = []string{"standings.html", "me.html", "wall.html", "tournament.js", "standings.js", "me.js", "wall.js"}

// PublicHandler serves the players' side of the tournament alone, for a
// listener of its own on the players' network (tabled club
// --public-listen): the players' pages and the routes they read (the
// players' view, its stream, where a player sits, the standings as
// published), the shared modules and the messages. It takes no change and shows no card, no referee's view and
// no result of a round not yet published.
func (t *Tournament) PublicHandler() http.Handler {
	mux := http.NewServeMux()
	sub, _ := fs.Sub(static, "static")
	files := scriptsSelf(http.FileServer(http.FS(sub)))
	mux.Handle("GET "+pagejs.Prefix, pagejs.Handler())
	mux.Handle("GET /api/messages", catalog.Handler())
	for _, p := range publicPages {
		mux.Handle("GET /"+p, files)
	}
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "standings.html", http.StatusFound)
	})
	mux.HandleFunc("GET /api/tournament/public", func(w http.ResponseWriter, r *http.Request) {
		st, _ := t.Store.State()
		reply(w, t.public(st))
	})
	mux.HandleFunc("GET /api/tournament/stream", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		q.Set("public", "1") // whatever was asked: the players' view only
		r.URL.RawQuery = q.Encode()
		t.stream(w, r)
	})
	mux.HandleFunc("GET /api/tournament/where", t.where)
	mux.HandleFunc("GET /api/tournament/standings", t.standings)
	return mux
}

// scriptsSelf serves the pages with Content-Security-Policy script-src
// 'self': their scripts are modules served here, none inline, so an
// injected <script> or onclick= does not run.
func scriptsSelf(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := r.URL.Path; strings.HasSuffix(p, "/") || strings.HasSuffix(p, ".html") || strings.HasSuffix(p, ".js") {
			w.Header().Add("Content-Security-Policy", "script-src 'self'")
		}
		h.ServeHTTP(w, r)
	})
}
