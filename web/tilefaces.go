package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"

	"github.com/tabled/tabled/tileface"
)

// tileFacesJS is the tiles' faces as a script, TILE_FACES by mpsz code,
// for tiles.js: the page draws the shapes the panel draws, with no font.
var tileFacesJS = sync.OnceValue(func() []byte {
	b, err := json.Marshal(tileface.All())
	if err != nil {
		panic(fmt.Errorf("web: tile faces: %w", err)) // strings and numbers: cannot fail
	}
	return fmt.Appendf(nil, "\"use strict\";\n// Made by tabled from package tileface.\nconst TILE_FACES = %s;\n", b)
})

// handleTileFaces serves tileFacesJS: GET /tilefaces.js.
func handleTileFaces(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "max-age=3600")
	w.Write(tileFacesJS())
}
