package web

import (
	"net/http"
	"sync"

	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
)

// The status page names its language in ?lang= on /api/state, the event
// stream and its POSTs, and the server words what it writes itself (the
// engine's reasons, the alerts, the outcome entries, the preview's furiten
// note) in that language with outcome's and alert's words: one home for
// each sentence. Without ?lang= (every other client of the JSON API) the
// words are English, as the contract has them.

// pageLang is the language a request asks for in ?lang= ("fr"), English
// without one or for one the catalog lacks.
func pageLang(r *http.Request) *catalog.Lang {
	if code := r.URL.Query().Get("lang"); code != "" {
		return catalog.Match(code)
	}
	return catalog.English()
}

// english reports whether l is the catalog's Default language, the one
// the engine's reasons are logged in.
func english(l *catalog.Lang) bool { return l.Code() == catalog.Default }

// reword puts the server's words in a state view in l: each pending
// claim's rule (st.Pending, in the order claimViews took them) and each
// alert's label and line. English leaves v as stateView made it.
func reword(v *StateView, st engine.State, l *catalog.Lang) {
	if english(l) {
		return
	}
	for i, c := range st.Pending {
		if i >= len(v.Pending) || c.Args == nil {
			continue
		}
		if why, ok := outcome.Reason(l, c.Code, *c.Args); ok {
			v.Pending[i].Why = why
		}
	}
	as := make([]alert.Alert, len(v.Alerts))
	for i, a := range v.Alerts {
		a.Label, a.Line = alert.LabelIn(l, a.Kind), alert.LineIn(l, a.Kind)
		as[i] = a
	}
	v.Alerts = as
}

// hubFor is the event hub whose events are worded in l: the English one
// every client without ?lang= shares, and one per other language, made
// when a page first asks for it (as many as the catalog has languages).
func (s *Server) hubFor(l *catalog.Lang) *hub {
	if english(l) {
		return s.hub
	}
	s.hubsMu.Lock()
	defer s.hubsMu.Unlock()
	h, ok := s.hubs[l.Code()]
	if !ok {
		h = newHub(s.cfg.Table, s.viewIn(l), outcome.In(l), s.alerts)
		if s.hubs == nil {
			s.hubs = map[string]*hub{}
		}
		s.hubs[l.Code()] = h
	}
	return h
}

// hubs is the per-language hubs' lock and map, in Server.
type langHubs struct {
	hubsMu sync.Mutex
	hubs   map[string]*hub
}
