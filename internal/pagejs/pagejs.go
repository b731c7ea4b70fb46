package pagejs

import (
	"embed"
	"io/fs"
	"net/http"
)

//go:embed js/*.js
var files embed.FS

// Prefix is the path the modules are served under: a page imports
// Prefix+"dom.js" relative to itself ("./js/dom.js").
const Prefix = "/js/"

// Handler serves the modules at Prefix+name; mount it on "GET /js/".
func Handler() http.Handler {
	sub, _ := fs.Sub(files, "js")
	return http.StripPrefix(Prefix, http.FileServer(http.FS(sub)))
}

// Names are the modules' file names, for a test that checks they are
// served.
func Names() []string {
	ents, _ := fs.ReadDir(files, "js")
	out := make([]string, 0, len(ents))
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}
