package doctor

import (
	"fmt"
	"io"

	"github.com/tabled/tabled/catalog"
)

// words are the doctor's words in one language of the catalog
// ([doctor]): every detail and fix a check gives is a key with its
// parameters. What the system says (an error's text) stays as it says it.
type words struct{ l *catalog.Lang }

// wordsIn is the doctor's words in l; nil is English.
func wordsIn(l *catalog.Lang) words {
	return words{l: l}
}

// words are the machine's language's.
func (m Machine) words() words { return wordsIn(m.Lang) }

// t is the message key with its parameters, each written as fmt.Sprint
// does (a number as digits, a path as it is).
func (w words) t(key string, args ...any) string {
	for i := 1; i < len(args); i += 2 {
		if _, isString := args[i].(string); !isString {
			args[i] = fmt.Sprint(args[i])
		}
	}
	return w.l.Text(key, args...)
}

// ok is a check that passed: item, and the detail key with its parameters.
func (w words) ok(item, key string, args ...any) Result {
	return Result{Item: item, OK: true, Detail: w.t(key, args...)}
}

// fail is a check that failed: item, how to fix it (in words already,
// "" for no fix) and the detail key with its parameters.
func (w words) fail(item, fix, key string, args ...any) Result {
	return Result{Item: item, Detail: w.t(key, args...), Fix: fix}
}

// Line is the result as one line in l (nil: English): "ok    item:
// detail" or "FAIL  item: detail; fix: ...".
func (r Result) Line(l *catalog.Lang) string {
	w := wordsIn(l)
	if r.OK {
		return w.t("doctor.ok", "item", r.Item, "detail", r.Detail)
	}
	s := w.t("doctor.fail", "item", r.Item, "detail", r.Detail)
	if r.Fix != "" {
		s = w.t("doctor.fix", "line", s, "fix", r.Fix)
	}
	return s
}

// PrintIn writes one line per result in l (nil: English) and reports
// whether all are OK.
func PrintIn(w io.Writer, l *catalog.Lang, rs []Result) (allOK bool) {
	allOK = true
	for _, r := range rs {
		fmt.Fprintln(w, r.Line(l))
		allOK = allOK && r.OK
	}
	return allOK
}
