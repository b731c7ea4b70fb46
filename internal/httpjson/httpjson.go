// Package httpjson is the one home of two small rules every HTTP server of
// tabled keeps (the table's LAN server in web, the club console in club):
// an action's body is JSON, and an answer in JSON says so. It imports
// nothing of the project, so a server that needs them does not bring in
// another server.
package httpjson

import (
	"encoding/json"
	"mime"
	"net/http"
)

// Only reports whether r carries a JSON body, answering 415 when it does
// not: a cross-site form (text/plain, urlencoded, multipart) cannot send
// one without the browser asking first, which the servers never allow.
func Only(w http.ResponseWriter, r *http.Request) bool {
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		Write(w, http.StatusUnsupportedMediaType, map[string]string{"error": "Content-Type must be application/json"})
		return false
	}
	return true
}

// Write answers code with v as JSON. An encoding error is not reported:
// the status line has gone, and v is the server's own value.
func Write(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}
