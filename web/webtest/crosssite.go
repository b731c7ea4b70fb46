package webtest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// CrossSitePage serves a page of another site that, once a browser opens
// it, posts body (a JSON object) to target (a URL) the two ways any page
// may without asking: a no-cors fetch with Content-Type text/plain, then
// a form with enctype text/plain, whose "name=value" reads as body with a
// field "x" added. It is closed when the test ends.
func CrossSitePage(t *testing.T, target, body string) *httptest.Server {
	t.Helper()
	name := strings.TrimSuffix(body, "}") + `,"x":"`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<!doctype html><body>
<form id="f" method="post" enctype="text/plain" action="%[1]s" target="sink"><input name='%[2]s' value='"}'></form>
<iframe name="sink"></iframe>
<script>
fetch(%[1]q, {method: "POST", mode: "no-cors", headers: {"Content-Type": "text/plain"}, body: '%[3]s'}).finally(() => { document.getElementById("f").submit(); });
</script>`, target, name, body)
	}))
	t.Cleanup(srv.Close)
	return srv
}
