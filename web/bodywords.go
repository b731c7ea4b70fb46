package web

import (
	"errors"
	"net/http"
	"strings"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/payment"
)

// badBodyIn is badBody with the reason in the language the page asks for
// (?lang=) where a person can meet it on the page: a name the engine
// refuses (longer than the panel allows, typed in the name editor), a
// value the payment rules cannot read. Any other reason, and every reason
// without ?lang=, is the API's English.
func badBodyIn(w http.ResponseWriter, r *http.Request, err error) {
	var (
		ne *engine.NameError
		ve *payment.ValueError
	)
	if l := pageLang(r); !english(l) {
		switch {
		case errors.As(err, &ne):
			err = errors.New(outcome.NameRefusal(ne).In(l))
		case errors.As(err, &ve):
			err = errors.New(outcome.ValueFaultWords(l, ve.Fault))
		}
	}
	badBody(w, err)
}

// fieldError is a body's field whose value a package below refuses: its
// English is "field name: why" (a payment error without its package's
// prefix), and it wraps the package's error for a view to word.
type fieldError struct {
	field string
	err   error
}

func (e *fieldError) Error() string {
	return "field " + e.field + ": " + strings.TrimPrefix(e.err.Error(), "payment: ")
}

func (e *fieldError) Unwrap() error { return e.err }
