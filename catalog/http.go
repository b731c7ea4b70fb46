package catalog

import (
	"encoding/json"
	"net/http"
)

// Served is what a page is sent by Handler: the language it is in, the
// languages it may pick (each by its own name) and every message.
type Served struct {
	Lang      string            `json:"lang"`
	Languages []Language        `json:"languages"`
	Messages  map[string]string `json:"messages"`
}

// Language is one language a page may pick, named in itself.
type Language struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// Handler serves the messages a page puts its words together from (GET
// api/messages): in the language ?lang= names (the reader's choice on the
// page) or else the best the browser's Accept-Language asks for.
func Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l := Match(r.URL.Query().Get("lang"), r.Header.Get("Accept-Language"))
		out := Served{Lang: l.Code(), Messages: l.Messages()}
		for _, c := range Codes() {
			o, _ := Get(c)
			out.Languages = append(out.Languages, Language{Code: c, Name: o.Name()})
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Vary", "Accept-Language")
		json.NewEncoder(w).Encode(out)
	})
}
