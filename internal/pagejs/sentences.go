package pagejs

import (
	"regexp"
	"strings"
)

// The scan of a page's source for sentences outside the catalog, shared
// by the tests of every server's pages (TestNoSentenceOutsideTheCatalog).
var (
	jsComment = regexp.MustCompile(`(?m)^\s*//.*$|\s//\s.*$`)
	jsString  = regexp.MustCompile("\"(?:[^\"\\\\\n]|\\\\.)*\"|'(?:[^'\\\\\n]|\\\\.)*'|`(?:[^`\\\\]|\\\\.)*`")
	tmplParam = regexp.MustCompile(`\$\{[^}]*\}`)
	twoWords  = regexp.MustCompile(`\p{L}{2,}[,:;.!?]?\s+\p{L}{2,}`)
	capitalWd = regexp.MustCompile(`^\p{Lu}\p{Ll}{2,}$`)
	htmlText  = regexp.MustCompile(`>([^<]*\p{L}[^<]*)<`)
	htmlAttr  = regexp.MustCompile(`\s(?:placeholder|title|aria-label|alt)="([^"]*\p{L}[^"]*)"`)
	// InlineCode finds an inline script or event handler in a page:
	// script-src 'self' would not run it.
	InlineCode = regexp.MustCompile(`<script(?:\s[^>]*)?>\s*[^<\s]|<script(?:(?:\s+type="module")?\s*)>|\son[a-z]+\s*=`)
	styleBlock = regexp.MustCompile(`(?s)<style>.*?</style>`)
	cssClass   = regexp.MustCompile(`\.([A-Za-z][\w-]*)`)
)

// Sentences are the words a person would read found in a page's source
// (name ends .js or .html) outside the catalog: JavaScript strings of two
// words or a capitalised word, HTML text and the attributes a person
// reads. A string that is only class names of the page's style (classes,
// from Classes) or a CSS selector is not words.
func Sentences(name, src string, classes map[string]bool) []string {
	var out []string
	if strings.HasSuffix(name, ".js") {
		for _, lit := range jsString.FindAllString(jsComment.ReplaceAllString(src, ""), -1) {
			body := tmplParam.ReplaceAllString(lit[1:len(lit)-1], "")
			if strings.HasPrefix(body, "#") || strings.HasPrefix(body, ".") || onlyClasses(body, classes) {
				continue // a CSS selector ("#clockform button") or a class list ("msg bad"), not words
			}
			if twoWords.MatchString(body) || capitalWd.MatchString(body) {
				out = append(out, lit)
			}
		}
		return out
	}
	src = styleBlock.ReplaceAllString(src, "")
	for _, m := range htmlText.FindAllStringSubmatch(src, -1) {
		out = append(out, strings.TrimSpace(m[1]))
	}
	for _, m := range htmlAttr.FindAllStringSubmatch(src, -1) {
		out = append(out, m[1])
	}
	return out
}

// Classes are the class names a style sheet (or a page's <style>)
// defines.
func Classes(css string) map[string]bool {
	out := map[string]bool{}
	for _, m := range cssClass.FindAllStringSubmatch(css, -1) {
		out[m[1]] = true
	}
	return out
}

func onlyClasses(s string, classes map[string]bool) bool {
	f := strings.Fields(s)
	for _, w := range f {
		if !classes[w] {
			return false
		}
	}
	return len(f) > 0
}
