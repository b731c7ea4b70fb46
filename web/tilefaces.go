package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"

	"github.com/tabled/tabled/tileface"
)

// The page's scripts made from Go: what the page shows that has its home
// in a Go package is served to it from there, never copied into the
// static scripts.

// pageScript is a module exporting const name = v (as JSON).
func pageScript(name, from string, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Errorf("web: %s: %w", name, err)) // strings and numbers: cannot fail
	}
	return fmt.Appendf(nil, "// Made by tabled from %s.\nexport const %s = %s;\n", from, name, b)
}

// tileFacesJS is the tiles' faces as a script, TILE_FACES by mpsz code,
// for tiles.js to import: the page draws the shapes the panel draws, with
// no font.
var tileFacesJS = sync.OnceValue(func() []byte { return pageScript("TILE_FACES", "package tileface", tileface.All()) })

// scriptHandler serves a script made once: GET /tilefaces.js.
func scriptHandler(js func() []byte) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("Cache-Control", "max-age=3600")
		w.Write(js())
	}
}
