package tournament

import "fmt"

// Refusal is a change refused with a code and its parameters beside the
// English reason: the API answers all three ({"error", "code", "args"})
// and a page says it in its reader's language from the catalog
// (tour.refused.<code>), the English staying the API's contract.
type Refusal struct {
	Code string
	Args map[string]any
	Text string
}

func (r *Refusal) Error() string { return r.Text }

// Refuse is a Refusal with its code, parameters and English reason.
func Refuse(code string, args map[string]any, format string, a ...any) error {
	return &Refusal{Code: code, Args: args, Text: fmt.Sprintf(format, a...)}
}
