package club

import (
	"io/fs"
	"net/http"
)

// publicPages are the console's pages a player may open: the standings,
// where do I sit, the seating for the wall, and what they share.
var publicPages = []string{"standings.html", "me.html", "wall.html", "tournament.js"}

// PublicHandler serves the players' side of the tournament alone, for a
// listener of its own on the players' network (tabled club
// --public-listen): the players' pages and the routes they read (the
// players' view, its stream, where a player sits, the standings as
// published). It takes no change and shows no card, no referee's view and
// no result of a round not yet published.
func (t *Tournament) PublicHandler() http.Handler {
	mux := http.NewServeMux()
	sub, _ := fs.Sub(static, "static")
	files := http.FileServer(http.FS(sub))
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
