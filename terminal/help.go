package terminal

import (
	"strings"
	"unicode/utf8"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/script"
)

// helpLines are the help's commands in the order it lists them, each
// a pair of catalog keys: what is typed, and what it does.
var helpLines = [][2]string{
	{"terminal.help.seat_syntax", "terminal.help.seat"},
	{"terminal.help.dora_syntax", "terminal.help.dora"},
	{"terminal.help.ura_syntax", "terminal.help.ura"},
	{"terminal.help.value_syntax", "terminal.help.value"},
	{"terminal.help.hand_syntax", "terminal.help.hand"},
	{"terminal.help.chombo_syntax", "terminal.help.chombo"},
	{"terminal.help.name_syntax", "terminal.help.name"},
	{"terminal.help.newhand_syntax", "terminal.help.newhand"},
	{"terminal.help.time_syntax", "terminal.help.time"},
	{"terminal.help.help_syntax", "terminal.help.help"},
}

// syntaxWidth is the column the help's explanations start at.
const syntaxWidth = 28

// Help lists the commands the terminal takes, in lang: "help" shows it.
func Help(lang *catalog.Lang) string {
	var b strings.Builder
	b.WriteString(lang.Text("terminal.commands") + "\n")
	for _, k := range helpLines {
		syntax := lang.Text(k[0])
		text := lang.Text(k[1], "actions", script.SeatActions)
		b.WriteString("  " + syntax)
		if n := utf8.RuneCountInString(syntax); n+4 > syntaxWidth { // two spaces at least before the explanation
			b.WriteString("\n" + strings.Repeat(" ", syntaxWidth))
		} else {
			b.WriteString(strings.Repeat(" ", syntaxWidth-2-n))
		}
		b.WriteString(strings.ReplaceAll(text, "\n", "\n"+strings.Repeat(" ", syntaxWidth)) + "\n")
	}
	return b.String()
}

// Now is what each seat may press now, as the engine decides it
// (engine.State.Can), one line a seat by its wind this hand, in lang: the
// wind's letter, what it may press, and the seat's player and number
// when it has a player. "help" shows it under Help.
func Now(lang *catalog.Lang, st engine.State) string {
	var b strings.Builder
	b.WriteString(lang.Text("terminal.now") + "\n")
	for _, w := range winds {
		s := w.Seat(st.Dealer)
		var as []string
		for _, a := range st.Can[s] {
			as = append(as, a.String())
		}
		can := lang.Text("terminal.nothing")
		if len(as) > 0 {
			can = strings.Join(as, ", ")
		}
		letter := lang.Text("wind.letter." + w.Letter())
		if st.Names[s] != "" {
			b.WriteString("  " + lang.Text("terminal.now_named", "wind", letter, "can", can, "name", st.Names[s], "seat", int(s)) + "\n")
			continue
		}
		b.WriteString("  " + lang.Text("terminal.now_seat", "wind", letter, "can", can) + "\n")
	}
	return b.String()
}
